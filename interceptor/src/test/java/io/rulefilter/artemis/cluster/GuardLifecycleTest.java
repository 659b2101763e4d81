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

import io.rulefilter.artemis.testing.InVmPair;
import org.apache.activemq.artemis.core.server.ActiveMQServer;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A clustered broker judges forwarded messages, and removes RuleFilter's mark from client sends, with exactly one
 * guard, also after Artemis restarted it in place (same server, same plugin): a guard left from an earlier life would
 * know none of the new bridge connections and remove the mark from what they forward.
 */
class GuardLifecycleTest {

   @Test
   void aBrokerRestartedInPlaceHasOneGuard() throws Exception {
      try (InVmPair pair = InVmPair.start()) {
         assertThat(guards(pair.backup())).isEqualTo(1);
         pair.backup().stop(false); // what SharedNothingBackupActivation does on FAILURE_RETRY
         pair.startBackup();
         assertThat(guards(pair.backup())).as("after a restart in place").isEqualTo(1);
         pair.failOver();
         assertThat(guards(pair.backup())).as("active").isEqualTo(1);
      }
   }

   private static long guards(ActiveMQServer server) {
      return server.getBrokerPlugins().stream().filter(ForwardedMessageGuard.class::isInstance).count();
   }
}
