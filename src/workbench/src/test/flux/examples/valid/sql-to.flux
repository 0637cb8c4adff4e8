import "sql"

from(bucket: "telemetry")
    |> range(start: -1d)
    |> filter(fn: (r) => r._measurement == "cpu")
    |> sql.to(driverName: "postgres", dataSourceName: "postgresql://user:secret@localhost:5432/cardinal?sslmode=disable", table: "cpu_daily")
