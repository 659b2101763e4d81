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
package io.rulefilter.client;

import io.rulefilter.client.ManagementClient.ManagementException;
import org.junit.jupiter.api.Test;

import java.net.ServerSocket;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A client that cannot reach a broker fails at once with the URL and the reason; nothing is left open or retried. */
class ManagementClientTest {

   @Test
   void aMalformedUrlIsNamed() {
      assertThatThrownBy(() -> new ManagementClient("no-scheme at all", "admin", "admin"))
            .isInstanceOf(ManagementException.class).hasMessageStartingWith("invalid broker URL 'no-scheme at all': ");
   }

   @Test
   void aPortNobodyListensOnFailsWithoutRetrying() throws Exception {
      int port;
      try (ServerSocket socket = new ServerSocket(0)) {
         port = socket.getLocalPort();
      }
      long start = System.nanoTime();
      assertThatThrownBy(() -> new ManagementClient("tcp://127.0.0.1:" + port, "admin", "admin"))
            .isInstanceOf(ManagementException.class).hasMessageStartingWith("cannot connect to tcp://127.0.0.1:" + port + ": ");
      assertThat((System.nanoTime() - start) / 1_000_000).as("milliseconds to give up").isLessThan(5_000);
   }
}
