from(bucket: "telemetry")
    |> range(start: -1h)
    |> limit(n: "5")
