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

import io.rulefilter.artemis.subscription.PeerForwarding;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A node's words are dated by the epochs of its life: within a life a later epoch wins; a new life (an HA backup that
 * took over the node id, perhaps with lower epochs than its primary made) is heard from its first list on.
 */
class ManagedCopiesLifeTest {

   private static final String NODE = "node-b";
   private static final String QUEUE = "gate";
   private static final PeerForwarding CA = new PeerForwarding(true, "airline weq CA");
   private static final PeerForwarding MU = new PeerForwarding(true, "airline weq MU");
   private static final PeerForwarding CZ = new PeerForwarding(true, "airline weq CZ");

   @Test
   void aNewLifeIsHeardWhateverItsEpochs() {
      ManagedCopies managed = new ManagedCopies();
      assertThat(managed.announced(NODE, Map.of(QUEUE, CA), 5_000, "primary")).isTrue();
      managed.only(NODE, QUEUE, MU, 5_001);
      assertThat(managed.of(NODE, QUEUE)).isEqualTo(List.of(MU));
      assertThat(managed.announced(NODE, Map.of(), 4_000, "primary")).as("an older list of the same life").isFalse();

      assertThat(managed.announced(NODE, Map.of(QUEUE, CZ), 1_000, "backup")).as("the backup's first list").isTrue();
      assertThat(managed.of(NODE, QUEUE)).isEqualTo(List.of(CZ));
      managed.only(NODE, QUEUE, CA, 1_001);
      assertThat(managed.of(NODE, QUEUE)).as("the backup's next word").isEqualTo(List.of(CA));
      managed.only(NODE, QUEUE, MU, 999);
      assertThat(managed.of(NODE, QUEUE)).as("a late word, older than the backup's list").isEqualTo(List.of(CA));
   }

   @Test
   void aListOfALifeThatEndedIsLate() {
      ManagedCopies managed = new ManagedCopies();
      assertThat(managed.announced(NODE, Map.of(QUEUE, CA), 5_000, "primary")).isTrue();
      assertThat(managed.announced(NODE, Map.of(QUEUE, CZ), 1_000, "backup")).isTrue();
      assertThat(managed.announced(NODE, Map.of(QUEUE, MU), 6_000, "primary"))
            .as("the primary's slow answer, after the backup took over").isFalse();
      assertThat(managed.of(NODE, QUEUE)).isEqualTo(List.of(CZ));
      assertThat(managed.announced(NODE, Map.of(QUEUE, MU), 1_001, "backup")).as("the backup's next list").isTrue();
      assertThat(managed.of(NODE, QUEUE)).isEqualTo(List.of(MU));
   }

   @Test
   void aNodeThatDoesNotNameItsLifeKeepsItsEpochs() {
      ManagedCopies managed = new ManagedCopies();
      assertThat(managed.announced(NODE, Map.of(QUEUE, CA), 5_000, null)).isTrue();
      assertThat(managed.announced(NODE, Map.of(QUEUE, MU), 4_000, null)).isFalse();
      assertThat(managed.of(NODE, QUEUE)).isEqualTo(List.of(CA));
   }

   @Test
   void anEpochMustBeOneANodeCouldHaveMade() {
      long now = System.currentTimeMillis() * 1000;
      assertThat(NodeLife.plausible(now)).isEqualTo(now);
      assertThat(NodeLife.plausible(now + 30_000_000L)).as("half a minute ahead").isEqualTo(now + 30_000_000L);
      for (long forged : new long[] {Long.MAX_VALUE, now + 120_000_000L, 0, -1, Long.MIN_VALUE, 1_000}) {
         assertThatThrownBy(() -> NodeLife.plausible(forged)).as("epoch %d", forged)
               .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("epoch " + forged);
      }
   }

   @Test
   void aLifeStartsAtActivationAboveTheLifeBefore() {
      NodeLife life = new NodeLife();
      String first = life.incarnation();
      long before = life.next();
      life.activated();
      assertThat(life.incarnation()).isNotEqualTo(first);
      assertThat(life.next()).isGreaterThan(before);
      assertThat(NodeLife.plausible(life.current())).isEqualTo(life.current());
   }
}
