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
package io.rulefilter.artemis.cluster;

import org.apache.activemq.artemis.api.core.SimpleString;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A copy gives way to this node's queue of the same name only when their filters differ; Artemis sends a queue
 * without a filter to other nodes as an empty filter string or as none, which are the same filter.
 */
class LocalNamesakeTest {

   private static final SimpleString EMPTY = SimpleString.of("");
   private static final SimpleString RED = SimpleString.of("color = 'red'");

   @Test
   void noFilterIsTheSameWhateverItsSpelling() {
      assertThat(LocalNamesake.sameFilter(null, null)).isTrue();
      assertThat(LocalNamesake.sameFilter(null, EMPTY)).isTrue();
      assertThat(LocalNamesake.sameFilter(EMPTY, null)).isTrue();
      assertThat(LocalNamesake.sameFilter(EMPTY, EMPTY)).isTrue();
   }

   @Test
   void aFilterIsNotNone() {
      assertThat(LocalNamesake.sameFilter(null, RED)).isFalse();
      assertThat(LocalNamesake.sameFilter(EMPTY, RED)).isFalse();
      assertThat(LocalNamesake.sameFilter(RED, null)).isFalse();
      assertThat(LocalNamesake.sameFilter(RED, SimpleString.of("color = 'red'"))).isTrue();
      assertThat(LocalNamesake.sameFilter(RED, SimpleString.of("color = 'blue'"))).isFalse();
   }
}
