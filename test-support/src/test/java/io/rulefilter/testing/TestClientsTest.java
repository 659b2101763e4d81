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
package io.rulefilter.testing;

import jakarta.jms.Connection;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.JMSException;
import jakarta.jms.Session;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A test's clients are opened once, shared, and closed together; the next test opens fresh ones. */
class TestClientsTest {

   @RegisterExtension
   static RuleFilterExtension broker = new RuleFilterExtension();

   @Test
   void eachClientIsOpenedAtFirstUseAndSharedUntilClosed() throws Exception {
      TestClients clients = new TestClients(broker::getVmURL, "JMSType");
      ConnectionFactory factory = clients.connectionFactory();
      Connection connection = clients.connection();
      Publisher publisher = clients.publisher();
      assertThat(clients.connectionFactory()).isSameAs(factory);
      assertThat(clients.connection()).isSameAs(connection);
      assertThat(clients.publisher()).isSameAs(publisher);

      clients.close();
      assertThatThrownBy(() -> connection.createSession(Session.AUTO_ACKNOWLEDGE)).isInstanceOf(JMSException.class);
      assertThat(clients.connectionFactory()).isNotSameAs(factory);
      assertThat(clients.connection()).isNotSameAs(connection);
      assertThat(clients.publisher()).isNotSameAs(publisher);
      clients.close();
   }

   @Test
   void closingClientsNeverOpenedDoesNothing() throws Exception {
      new TestClients(broker::getVmURL, "JMSType").close();
   }
}
