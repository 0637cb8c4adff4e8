from(bucket: "telemetry"
    |> range(start: -1h)
