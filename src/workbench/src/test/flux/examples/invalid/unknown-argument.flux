from(bucket: "telemetry")
    |> range(start: -1h)
    |> group(column: ["host"])
