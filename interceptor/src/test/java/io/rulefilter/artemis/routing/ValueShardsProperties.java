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
import net.jqwik.api.Example;
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
 * the entries last given to it, through every re-sharding; its shards stay about the size it aims at, and a change
 * copies one shard unless the number of shards changes, so a change copies little. The index only holds entries, so
 * entries here are bare markers.
 */
class ValueShardsProperties {

   @Property(tries = 40)
   void changesValueByValueKeepExactlyTheLatestEntriesThroughResharding(@ForAll("peaks") int peak, @ForAll long seed) {
      Random random = new Random(seed);
      Map<SimpleString, IndexEntry[]> expected = new HashMap<>();
      ValueIndex index = ValueIndex.of("flight", startingValues(random.nextInt(peak), expected), Map.of());
      int changes = 0;
      int resharded = 0; // without changing the number of shards: nothing calls for that
      for (int target : new int[] {peak, peak / 5, peak}) {
         while (expected.size() != target) {
            SimpleString value = SimpleString.of("F" + random.nextInt(2 * peak));
            IndexEntry[] entries = expected.size() < target ? entries(random) : new IndexEntry[0];
            ValueIndex before = index;
            index = index.withValue(value, entries);
            if (index.shards() == before.shards() && index.shardsCopiedFrom(before) > 1) {
               resharded++;
            }
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
      assertThat(resharded).as("changes that copied more than one shard while the number of shards stayed").isZero();
   }

   @Example
   void addingAndRemovingAtTheLineReshardsOnceNotOnEveryChange() {
      int line = 32 * 64; // values above it outgrow 64 shards
      ValueIndex index = ValueIndex.of("flight", startingValues(1024, new HashMap<>()), Map.of());
      assertThat(index.shards()).isEqualTo(64);
      IndexEntry[] entries = {new IndexEntry(null, null, null, false)};
      for (int i = 1024; i < line; i++) {
         index = index.withValue(SimpleString.of("F" + i), entries);
      }
      assertThat(index.shards()).as("shards for %d values", line).isEqualTo(64);
      SimpleString over = SimpleString.of("over");
      index = index.withValue(over, entries);
      assertThat(index.shards()).as("shards for %d values", line + 1).isEqualTo(256);
      for (int i = 0; i < 100; i++) {
         ValueIndex before = index;
         index = index.withValue(over, i % 2 == 0 ? new IndexEntry[0] : entries);
         assertThat(index.shards()).as("shards after %d changes at the line", i + 1).isEqualTo(256);
         assertThat(index.shardsCopiedFrom(before)).as("shards copied by change %d", i + 1).isEqualTo(1);
      }
   }

   @Example
   void shardsStopAtTheirMostAndStillFindEveryValue() {
      Map<SimpleString, IndexEntry[]> expected = new HashMap<>();
      ValueIndex index = ValueIndex.of("flight", startingValues(70_000, expected), Map.of());
      assertThat(index.shards()).isEqualTo(4096);
      index = index.withValue(SimpleString.of("F70000"), new IndexEntry[] {new IndexEntry(null, null, null, false)});
      index = index.withValue(SimpleString.of("F3"), new IndexEntry[0]);
      expected.remove(SimpleString.of("F3"));
      assertThat(index.shards()).isEqualTo(4096);
      for (int i = 0; i < 70_000; i += 7) {
         SimpleString value = SimpleString.of("F" + i);
         assertThat(index.entriesOf(value)).as("entries of %s", value)
               .containsExactly(expected.getOrDefault(value, new IndexEntry[0]));
      }
      assertThat(index.entriesOf(SimpleString.of("F70000"))).hasSize(1);
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
