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

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A batch of shared subscription states reads back as sent, and a malformed one is refused with what and where. */
class SharedStatesTest {

   @Property(tries = 200)
   void aBatchReadsBackAsItWasSent(@ForAll @Size(max = 20) List<String> texts, @ForAll boolean enabled,
                                   @ForAll long changedAt) {
      List<SharedStates.State> states = new ArrayList<>();
      for (int i = 0; i < texts.size(); i++) {
         String text = texts.get(i);
         states.add(new SharedStates.State("airport." + text, "belt-" + i + text, i % 3 == 0 ? null : text,
               enabled ^ i % 2 == 0, changedAt + i, i % 4 == 0 ? null : "ops " + text));
      }
      assertThat(SharedStates.parse(SharedStates.toJson(states))).isEqualTo(states);
   }

   @Test
   void aBatchLongerThanTheBoundIsRefusedBothWays() {
      SharedStates.State one = new SharedStates.State("a", "q", null, true, 1, "ops");
      List<SharedStates.State> tooMany = Collections.nCopies(SharedStates.MAX_BATCH + 1, one);
      assertThatThrownBy(() -> SharedStates.toJson(tooMany)).hasMessageContaining("at most " + SharedStates.MAX_BATCH);
      String json = "[" + String.join(",", Collections.nCopies(SharedStates.MAX_BATCH + 1,
            "{\"address\":\"a\",\"queue\":\"q\",\"enabled\":true,\"changedAt\":1}")) + "]";
      assertThatThrownBy(() -> SharedStates.parse(json)).isInstanceOf(IllegalArgumentException.class)
            .hasMessage("RFL4101 RuleFilter: " + (SharedStates.MAX_BATCH + 1) + " states in one batch; at most " + SharedStates.MAX_BATCH);
   }

   @Test
   void aMalformedStateIsNamedWithItsField() {
      assertThatThrownBy(() -> SharedStates.parse("{}")).isInstanceOf(IllegalArgumentException.class)
            .hasMessageStartingWith("RFL4102 RuleFilter: the states are not a JSON array");
      assertThatThrownBy(() -> SharedStates.parse(null)).isInstanceOf(IllegalArgumentException.class);
      assertThatThrownBy(() -> SharedStates.parse("[1]")).hasMessage("RFL4103 RuleFilter: state 1 is not a JSON object");
      String good = "{\"address\":\"a\",\"queue\":\"q\",\"enabled\":true,\"changedAt\":1}";
      assertThatThrownBy(() -> SharedStates.parse("[" + good + ",{\"queue\":\"q\",\"enabled\":true,\"changedAt\":1}]"))
            .hasMessage("RFL4104 RuleFilter: state 2 has no address");
      assertThatThrownBy(() -> SharedStates.parse("[{\"address\":\"a\",\"queue\":7,\"enabled\":true,\"changedAt\":1}]"))
            .hasMessage("RFL4105 RuleFilter: state 1: queue is not a string");
      assertThatThrownBy(() -> SharedStates.parse("[{\"address\":\"a\",\"queue\":\"q\",\"enabled\":\"yes\",\"changedAt\":1}]"))
            .hasMessage("RFL4106 RuleFilter: state 1: enabled is not true or false");
      assertThatThrownBy(() -> SharedStates.parse("[{\"address\":\"a\",\"queue\":\"q\",\"enabled\":true,\"changedAt\":1.5}]"))
            .hasMessage("RFL4108 RuleFilter: state 1: changedAt is not a whole number of milliseconds");
      assertThatThrownBy(() -> SharedStates.parse("[{\"address\":\"a\",\"queue\":\"q\",\"enabled\":true}]"))
            .hasMessage("RFL4107 RuleFilter: state 1: changedAt is not a number");
   }
}
