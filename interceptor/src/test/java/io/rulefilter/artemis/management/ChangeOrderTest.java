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
package io.rulefilter.artemis.management;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.assertThatNoException;

/** Every node must pick the same winner of two changes, whichever it saw first. */
class ChangeOrderTest {

   @Test
   void theLaterChangeWinsAndOnATieTheGreaterName() {
      assertThat(ChangeOrder.newer(2, "alice", 1, "bob")).isTrue();
      assertThat(ChangeOrder.newer(1, "bob", 2, "alice")).isFalse();
      assertThat(ChangeOrder.newer(5, "bob", 5, "alice")).isTrue();
      assertThat(ChangeOrder.newer(5, "alice", 5, "bob")).isFalse();
      assertThat(ChangeOrder.newer(5, "alice", 5, "alice")).as("the same change").isFalse();
   }

   @Test
   void aChangeMadeHereIsDatedAfterTheOneItReplaces() {
      long now = System.currentTimeMillis();
      assertThat(ChangeOrder.after(0)).isGreaterThanOrEqualTo(now);
      assertThat(ChangeOrder.after(now + 30_000)).as("another node's clock runs ahead").isEqualTo(now + 30_001);
   }

   @Test
   void aChangeDatedMoreThanAMinuteAheadIsRefused() {
      long now = System.currentTimeMillis();
      assertThatNoException().isThrownBy(() -> ChangeOrder.requirePlausible(now + 30_000));
      assertThatThrownBy(() -> ChangeOrder.requirePlausible(now + 120_000)).isInstanceOf(IllegalArgumentException.class)
            .hasMessageContaining("more than a minute in the future");
   }
}
