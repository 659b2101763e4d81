/*
 * Copyright 2026 the RuleFilter authors
 *
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
package io.rulefilter.artemis.routing;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.RandomDistribution;
import net.jqwik.api.statistics.Statistics;
import org.apache.activemq.artemis.api.core.SimpleString;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A value index changed value by value, growing into the thousands and shrinking back, finds for every value exactly
 * the entries last given to it, through every re-sharding; and its shards stay about the size it aims at, so a
 * change copies little. The index only holds entries, so entries here are bare markers.
 */
class ValueShardsProperties {

   @Property(tries = 40)
   void changesValueByValueKeepExactlyTheLatestEntriesThroughResharding(@ForAll("peaks") int peak, @ForAll long seed) {
      Random random = new Random(seed);
      Map<SimpleString, IndexEntry[]> expected = new HashMap<>();
      ValueIndex index = ValueIndex.of("flight", startingValues(random.nextInt(peak), expected), Map.of());
      int changes = 0;
      for (int target : new int[] {peak, peak / 5, peak}) {
         while (expected.size() != target) {
            SimpleString value = SimpleString.of("F" + random.nextInt(2 * peak));
            IndexEntry[] entries = expected.size() < target ? entries(random) : new IndexEntry[0];
            index = index.withValue(value, entries);
            if (entries.length == 0) {
               expected.remove(value);
            } else {
               expected.put(value, entries);
            }
            changes++;
            if (changes % 499 == 0) {
               assertHolds(index, expected, peak);
            }
         }
         assertHolds(index, expected, peak);
      }
      Statistics.label("shards at the peak").collect(index.shards());
   }

   /** Peaks spread evenly up to 6,000 values, so that most cross one or more re-shardings (the first at 2,048). */
   @Provide
   Arbitrary<Integer> peaks() {
      return Arbitraries.integers().between(1, 6000).withDistribution(RandomDistribution.uniform());
   }

   private static Map<SimpleString, List<IndexEntry>> startingValues(int count, Map<SimpleString, IndexEntry[]> expected) {
      Map<SimpleString, List<IndexEntry>> byValue = new HashMap<>();
      for (int i = 0; i < count; i++) {
         IndexEntry[] entries = {new IndexEntry(null, null, null, false)};
         expected.put(SimpleString.of("F" + i), entries);
         byValue.put(SimpleString.of("F" + i), List.of(entries));
      }
      return byValue;
   }

   private static IndexEntry[] entries(Random random) {
      IndexEntry[] entries = new IndexEntry[1 + random.nextInt(3)];
      for (int i = 0; i < entries.length; i++) {
         entries[i] = new IndexEntry(null, null, null, false);
      }
      return entries;
   }

   private static void assertHolds(ValueIndex index, Map<SimpleString, IndexEntry[]> expected, int peak) {
      for (int i = 0; i < 2 * peak; i++) {
         SimpleString value = SimpleString.of("F" + i);
         IndexEntry[] found = index.entriesOf(value);
         IndexEntry[] wanted = expected.getOrDefault(value, new IndexEntry[0]);
         if (!Arrays.equals(found, wanted)) { // entries compare by identity
            assertThat(found).as("entries of %s", value).containsExactly(wanted);
         }
      }
      int shards = index.shards();
      assertThat(Integer.bitCount(shards)).as("shards are a power of two").isEqualTo(1);
      assertThat(shards).isBetween(64, 4096);
      if (shards > 64) {
         assertThat(expected.size()).as("values in %d shards (not too few to be split so far)", shards)
               .isGreaterThanOrEqualTo(4 * shards);
      }
      if (shards < 4096) {
         assertThat(expected.size()).as("values in %d shards (not too many for so few shards)", shards)
               .isLessThanOrEqualTo(32 * shards);
      }
   }
}
