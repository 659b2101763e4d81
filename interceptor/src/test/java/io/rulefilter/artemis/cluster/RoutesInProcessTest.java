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

import org.apache.activemq.artemis.api.core.Message;
import org.apache.activemq.artemis.core.message.impl.CoreMessage;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** A thread's routes in process: ended routes leave nothing counted behind, abandoned ones are ended once. */
class RoutesInProcessTest {

   private final List<Integer> ended = new ArrayList<>();
   private final RoutesInProcess routes = new RoutesInProcess();

   @Test
   void takingARouteEndsTheRoutesAboveItWhoseHooksNeverCame() {
      Message outer = new CoreMessage();
      Message middle = new CoreMessage();
      Message inner = new CoreMessage();
      routes.begin(outer, 1, null, 10);
      routes.begin(middle, 2, null, 20);
      routes.begin(inner, 3, null, 30);

      assertThat(routes.remove(routes.indexOf(middle), ended::add)).isEqualTo(20);
      assertThat(ended).as("the inner route, abandoned").containsExactly(30);
      assertThat(routes.indexOf(inner)).isEqualTo(-1);
      assertThat(routes.indexOf(middle)).isEqualTo(-1);
      assertThat(routes.remove(routes.indexOf(outer), ended::add)).isEqualTo(10);
      assertThat(routes.isEmpty()).isTrue();
      assertThat(ended).containsExactly(30);
   }

   @Test
   void theOldRoutesAreEndedAndTheYoungKeptInOrder() {
      List<Message> messages = new ArrayList<>();
      for (int i = 0; i < RoutesInProcess.MAX_NESTED; i++) {
         messages.add(new CoreMessage());
         routes.begin(messages.get(i), i * 100L, null, i);
      }
      assertThat(routes.hasRoom()).isFalse();

      routes.endOlderThan(1_000, 750, ended::add); // began at 0, 100, 200: more than 750 before 1,000
      assertThat(ended).containsExactly(0, 1, 2);
      assertThat(routes.hasRoom()).isTrue();
      assertThat(routes.oldestSince()).isEqualTo(300);
      for (int i = 3; i < messages.size(); i++) {
         assertThat(routes.indexOf(messages.get(i))).isEqualTo(i - 3);
      }
      assertThat(routes.indexOf(messages.get(0))).isEqualTo(-1);
      assertThat(routes.remove(0, ended::add)).as("removing the oldest left ends every route above it").isEqualTo(3);
      assertThat(ended).containsExactly(0, 1, 2, 7, 6, 5, 4);
      assertThat(routes.isEmpty()).isTrue();
   }
}
