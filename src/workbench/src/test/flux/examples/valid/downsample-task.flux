option task = {name: "cardinal-downsample-cpu", every: 1h}

from(bucket: "telemetry")
    |> range(start: -task.every)
    |> filter(fn: (r) => r._measurement == "cpu" and r._field == "usage_user")
    |> aggregateWindow(every: 5m, fn: mean, createEmpty: false)
    |> to(bucket: "telemetry_5m", org: "cardinal")
