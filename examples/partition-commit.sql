-- Hourly partitions that get a _SUCCESS file once the watermark has passed the end of their hour,
-- with the small files of each checkpoint merged before they are published.
-- Run it in the SQL client (streaming mode); ${warehouse} stands for a directory of yours.
SET 'execution.runtime-mode' = 'streaming';
SET 'execution.checkpointing.interval' = '1 s';
SET 'table.local-time-zone' = 'UTC';

-- 2,400 clicks, 400 per hour of event time (one every 9 s), from 1970-01-01 00:00 to 05:59.
CREATE TEMPORARY TABLE clicks (
    id BIGINT,
    ts AS TO_TIMESTAMP(FROM_UNIXTIME(id * 9)),
    WATERMARK FOR ts AS ts
) WITH (
    'connector' = 'datagen',
    'rows-per-second' = '1000',
    'fields.id.kind' = 'sequence',
    'fields.id.start' = '0',
    'fields.id.end' = '2399'
);

CREATE TEMPORARY TABLE clicks_by_hour (id BIGINT, dt STRING, hr STRING)
PARTITIONED BY (dt, hr) WITH (
    'connector' = 'format-table',
    'path' = '${warehouse}/clicks_by_hour',
    'sink.partition-commit.trigger' = 'partition-time',
    'partition.time-extractor.timestamp-pattern' = '$dt $hr:00:00',
    'sink.partition-commit.delay' = '1 h',
    'sink.partition-commit.policy.kind' = 'success-file',
    'auto-compaction' = 'true'
);

INSERT INTO clicks_by_hour
SELECT id, DATE_FORMAT(ts, 'yyyy-MM-dd'), DATE_FORMAT(ts, 'HH') FROM clicks;
