from(bucket: "telemetry")
    |> range(start: "yesterday")
