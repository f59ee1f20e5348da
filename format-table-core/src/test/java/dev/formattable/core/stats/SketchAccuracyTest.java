/*
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *     http://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
package dev.formattable.core.stats;

import dev.formattable.core.types.DataType;
import dev.formattable.core.types.DataTypes;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The distinct count of a table is the union of its partitions' sketches. 1,000,000 values of a
 * known cardinality are spread at random over 10 partitions, so most values are in several; the
 * union's estimate is compared with the truth and with the sum of the partitions' estimates.
 *
 * <p>Merging loses nothing: the union's estimate is exactly that of one sketch over all values.
 * What remains is the sketch's own error: at lgK 12 its standard error is about 1.04 / sqrt(4096) =
 * 1.6%, so one estimate is within 2% only about four times in five, and a rare one is off by 5%.
 * The test holds the mean error over seeds to 2% and each estimate to a sanity bound of 7%.
 */
class SketchAccuracyTest {

    private static final int VALUES = 1_000_000;
    private static final int PARTITIONS = 10;
    private static final int SEEDS = 5;

    @Test
    void unionOfPartitionSketchesOfLongs() {
        for (int cardinality : new int[] {10, 10_000, 100_000, 1_000_000}) {
            double sumOfErrors = 0;
            for (int seed = 1; seed <= SEEDS; seed++) {
                sumOfErrors += relativeError(DataTypes.BIGINT(), cardinality, seed);
            }
            double mean = sumOfErrors / SEEDS;
            System.out.printf(
                    "NDV BIGINT cardinality %,d: mean error over %d seeds %.2f%%%n",
                    cardinality, SEEDS, mean * 100);
            assertThat(mean)
                    .as("mean relative error at cardinality %d", cardinality)
                    .isLessThan(0.02);
        }
    }

    @Test
    void unionOfPartitionSketchesIsTheSketchOfAllValues() {
        SplittableRandom random = new SplittableRandom(11);
        ColumnStatisticsBuilder all = new ColumnStatisticsBuilder("c", DataTypes.BIGINT(), 12);
        List<ColumnStatisticsBuilder> parts = new ArrayList<>();
        for (int p = 0; p < PARTITIONS; p++) {
            parts.add(new ColumnStatisticsBuilder("c", DataTypes.BIGINT(), 12));
        }
        for (int i = 0; i < VALUES; i++) {
            long value = random.nextLong(300_000);
            all.add(value);
            parts.get(random.nextInt(PARTITIONS)).add(value);
        }
        ColumnStatistics union = parts.get(0).build();
        for (int p = 1; p < PARTITIONS; p++) {
            union = union.merge(parts.get(p).build());
        }

        // A merged sketch estimates with the composite estimator, as the one sketch would.
        assertThat(union.sketch().getEstimate())
                .isEqualTo(all.build().sketch().getCompositeEstimate());
    }

    @Test
    void unionOfPartitionSketchesOfStrings() {
        for (int cardinality : new int[] {10, 10_000, 1_000_000}) {
            relativeError(DataTypes.STRING(), cardinality, 7);
        }
    }

    private static double relativeError(DataType type, int cardinality, long seed) {
        SplittableRandom random = new SplittableRandom(seed * 1_000_003L + cardinality);
        List<ColumnStatisticsBuilder> builders = new ArrayList<>();
        for (int p = 0; p < PARTITIONS; p++) {
            builders.add(new ColumnStatisticsBuilder("c", type, 12));
        }
        // Distinct values drawn at random from the whole long range, then each used VALUES /
        // cardinality times in random partitions.
        long[] distinct = new long[cardinality];
        for (int i = 0; i < cardinality; i++) {
            distinct[i] = random.nextLong();
        }
        boolean strings = type.equals(DataTypes.STRING());
        for (int i = 0; i < VALUES; i++) {
            long value = distinct[i % cardinality];
            builders.get(random.nextInt(PARTITIONS)).add(strings ? "v-" + value : value);
        }
        ColumnStatistics union = builders.get(0).build();
        long sumOfPartitions = union.distinctCount();
        for (int p = 1; p < PARTITIONS; p++) {
            ColumnStatistics part = builders.get(p).build();
            sumOfPartitions += part.distinctCount();
            union = union.merge(part);
        }
        double error = Math.abs(union.distinctCount() - cardinality) / (double) cardinality;
        System.out.printf(
                "NDV %s cardinality %,d seed %d: union %,d (error %.2f%%), sum of partitions %,d%n",
                type.typeText(),
                cardinality,
                seed,
                union.distinctCount(),
                error * 100,
                sumOfPartitions);
        assertThat(error).as("relative error at cardinality %d", cardinality).isLessThan(0.07);
        return error;
    }
}
