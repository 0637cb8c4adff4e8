from(bucket: "telemetry")
    |> range(start: -1h)
    |> aggregateWindow(every: "1h", fn: mean)
