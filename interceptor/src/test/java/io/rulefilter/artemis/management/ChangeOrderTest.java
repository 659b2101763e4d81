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
      assertThat(ChangeOrder.newer(2, "alice", "a", 1, "bob", "b")).isTrue();
      assertThat(ChangeOrder.newer(1, "bob", "b", 2, "alice", "a")).isFalse();
      assertThat(ChangeOrder.newer(5, "bob", "a", 5, "alice", "b")).isTrue();
      assertThat(ChangeOrder.newer(5, "alice", "b", 5, "bob", "a")).isFalse();
      assertThat(ChangeOrder.newer(5, "alice", "a", 5, "alice", "a")).as("the same change").isFalse();
   }

   /** The same user on two nodes in the same millisecond (after() clamps both to lastAt + 1 under clock skew). */
   @Test
   void onATieOfTimeAndNameTheStateDecidesTheSameWayOnEveryNode() {
      assertThat(ChangeOrder.newer(5, "ops", "airline weq MU", 5, "ops", "airline weq CA")).isTrue();
      assertThat(ChangeOrder.newer(5, "ops", "airline weq CA", 5, "ops", "airline weq MU")).isFalse();
      assertThat(ChangeOrder.newer(5, "ops", "airline weq CA", 5, "ops", null)).as("a removal comes first").isTrue();
      assertThat(ChangeOrder.newer(5, "ops", null, 5, "ops", "airline weq CA")).isFalse();
      assertThat(ChangeOrder.newer(5, "ops", null, 5, "ops", null)).as("the same removal").isFalse();
      assertThat(ChangeOrder.newer(5, "ops", ChangeOrder.subscriptionState(null, true), 5, "ops",
            ChangeOrder.subscriptionState(null, false))).isNotEqualTo(ChangeOrder.newer(5, "ops",
            ChangeOrder.subscriptionState(null, false), 5, "ops", ChangeOrder.subscriptionState(null, true)));
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
            .hasMessageStartingWith("RFL4006 RuleFilter: ").hasMessageContaining("more than a minute in the future");
   }
}
