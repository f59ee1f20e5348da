-- Quickstart: a partitioned parquet format table, written and read by an embedded Flink.
-- ${warehouse} is the warehouse directory; the runner empties it before every run.

DROP TABLE IF EXISTS orders;

-- The table is just a directory: ${warehouse}/orders/dt=<days since 1970>/data-....parquet
CREATE TABLE orders (
    id INT,
    customer STRING,
    amount DECIMAL(10, 2),
    dt DATE
) PARTITIONED BY (dt) WITH (
    'connector' = 'format-table',
    'path' = '${warehouse}/orders',
    'file.format' = 'parquet'
);

-- Three days of orders, one partition directory per day.
INSERT INTO orders VALUES
    (1, 'alice', 12.50, DATE '2024-01-01'),
    (2, 'bob',   30.00, DATE '2024-01-01'),
    (3, 'carol',  7.25, DATE '2024-01-02'),
    (4, 'dave',  99.99, DATE '2024-01-02'),
    (5, 'erin',  15.00, DATE '2024-01-03');

SELECT * FROM orders ORDER BY dt, id;

-- Reload 2024-01-02 only: its old files are replaced, the other days are not touched.
INSERT OVERWRITE orders PARTITION (dt = '2024-01-02')
SELECT * FROM (VALUES
    (30, 'carol', 8.25),
    (31, 'frank', 42.00)
) AS v(id, customer, amount);

SELECT * FROM orders ORDER BY dt, id;

SELECT dt, COUNT(*) AS orders, SUM(amount) AS total FROM orders GROUP BY dt ORDER BY dt;
