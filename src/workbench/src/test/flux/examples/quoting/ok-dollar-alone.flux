from(bucket: "telemetry")
    |> range(start: -1h)
    |> filter(fn: (r) => r["price$"] == "$5 $")
