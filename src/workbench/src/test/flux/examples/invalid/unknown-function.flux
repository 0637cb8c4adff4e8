fromm(bucket: "telemetry")
    |> range(start: -1h)
