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
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.utils.collections.TypedProperties;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A snapshot answers every lookup as the properties it was loaded from do: keys present, keys absent, keys whose
 * hashes collide, more keys than its first capacity, and after a larger message was loaded into it before.
 */
class PropertySnapshotProperties {

   /** Key names: more than the snapshot's first capacity (16), and two pairs of different keys with one hash. */
   private static final List<SimpleString> KEYS = keys();

   private static List<SimpleString> keys() {
      List<SimpleString> keys = new ArrayList<>();
      for (int i = 0; i < 30; i++) {
         keys.add(SimpleString.of("k" + i));
      }
      keys.add(SimpleString.of("航班"));
      keys.addAll(collidingPair(0));
      keys.addAll(collidingPair(1));
      return List.copyOf(keys);
   }

   /**
    * Two different two-letter keys with the same {@link SimpleString#hashCode} (a hash over the UTF-16 bytes, so the
    * first letter reaches into Latin Extended-A); {@code skip} pairs are passed over.
    */
   private static List<SimpleString> collidingPair(int skip) {
      Map<Integer, SimpleString> seen = new HashMap<>();
      int found = 0;
      for (char a = 'A'; a <= '\u017f'; a++) {
         for (char b = 'A'; b <= 'z'; b++) {
            SimpleString key = SimpleString.of("" + a + b);
            SimpleString earlier = seen.putIfAbsent(key.hashCode(), key);
            if (earlier != null && found++ == skip) {
               return List.of(earlier, key);
            }
         }
      }
      throw new AssertionError("no two keys with the same hash");
   }

   @Property(tries = 300)
   void lookupsAnswerAsTheProperties(@ForAll("properties") Map<SimpleString, Object> first,
                                     @ForAll("properties") Map<SimpleString, Object> second) {
      PropertySnapshot snapshot = new PropertySnapshot();
      check(snapshot, first);
      check(snapshot, second); // reused, possibly after a message with more properties
      snapshot.clear();
      assertThat(snapshot.size()).isZero();
      for (SimpleString key : KEYS) {
         assertThat(snapshot.get(key)).as("%s after clear", key).isNull();
      }
   }

   @Example
   void theKeysCollide() {
      assertThat(KEYS.get(31).hashCode()).isEqualTo(KEYS.get(32).hashCode());
      assertThat((Object) KEYS.get(31)).isNotEqualTo(KEYS.get(32));
   }

   private static void check(PropertySnapshot snapshot, Map<SimpleString, Object> values) {
      TypedProperties properties = new TypedProperties();
      values.forEach(properties::putProperty);
      snapshot.load(properties);
      assertThat(snapshot.size()).isEqualTo(values.size());
      Map<SimpleString, Object> listed = new LinkedHashMap<>();
      for (int i = 0; i < snapshot.size(); i++) {
         listed.put(snapshot.key(i), snapshot.value(i));
      }
      assertThat(listed).isEqualTo(values);
      for (SimpleString key : KEYS) {
         // a lookup with an equal key that is not the same instance, as a rule's key is
         assertThat(snapshot.get(SimpleString.of(key.toString()))).as("%s in %s", key, values).isEqualTo(values.get(key));
      }
   }

   @Provide
   Arbitrary<Map<SimpleString, Object>> properties() {
      Arbitrary<Object> values = Arbitraries.oneOf(
            Arbitraries.strings().ofMaxLength(4).map(s -> (Object) SimpleString.of(s)),
            Arbitraries.integers().map(i -> (Object) i),
            Arbitraries.doubles().map(d -> (Object) d),
            Arbitraries.of(true, false).map(b -> (Object) b));
      return Arbitraries.maps(Arbitraries.of(KEYS), values).ofMaxSize(KEYS.size());
   }
}
