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
package io.rulefilter.e2e;

import io.rulefilter.broker.ConfigSource;
import io.rulefilter.broker.RuleFilterBroker;
import io.rulefilter.client.ManagementClient;
import io.rulefilter.testing.internal.FreePorts;
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.core.server.Queue;
import jakarta.jms.Connection;
import org.apache.activemq.artemis.jms.client.ActiveMQConnectionFactory;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A real RuleFilter broker on a free loopback port with its own data directory, and clients for it. Unlike the
 * brokers test-support's {@code TestBrokerConfig} describes, it is the broker as shipped ({@link RuleFilterBroker}
 * from a broker.xml, with its users and roles): what the end-to-end tests check is that broker.
 */
final class TestBroker implements AutoCloseable {

   static final String ADMIN = "admin";
   static final String APP = "app";
   static final String TOPIC = "airport.events";

   final Path data;
   final ConfigSource config;
   final int port;
   private RuleFilterBroker broker;

   private TestBroker(Path data, ConfigSource config, int port) {
      this.data = data;
      this.config = config;
      this.port = port;
   }

   static TestBroker start() throws Exception {
      return start(ConfigSource.defaults());
   }

   /**
    * A broker configured like the default one, with these properties for the RuleFilter plugin (e.g.
    * {@code routing-index=false}).
    */
   static TestBroker withPluginProperties(Map<String, String> properties) throws Exception {
      return configured(properties, Map.of());
   }

   /** Like {@link #withPluginProperties}, with more users (name to password) that have no role at all. */
   static TestBroker configured(Map<String, String> properties, Map<String, String> usersWithoutRoles) throws Exception {
      Path dir = Scratch.directory("rulefilter-config");
      for (String name : List.of("broker.xml", "users.properties", "roles.properties")) {
         try (InputStream in = TestBroker.class.getClassLoader().getResourceAsStream("rulefilter-broker/" + name)) {
            String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            if (name.equals("broker.xml")) {
               StringBuilder lines = new StringBuilder();
               properties.forEach((key, value) -> lines.append("<property key=\"").append(key).append("\" value=\"")
                     .append(value).append("\"/>\n"));
               text = text.replace("<property key=\"tag-property\" value=\"JMSType\"/>", lines.toString());
            } else if (name.equals("users.properties")) {
               StringBuilder users = new StringBuilder(text);
               usersWithoutRoles.forEach((user, password) -> users.append('\n').append(user).append(" = ").append(password));
               text = users.toString();
            }
            Files.writeString(dir.resolve(name), text, StandardCharsets.UTF_8);
         }
      }
      return start(ConfigSource.of(dir.resolve("broker.xml")));
   }

   static TestBroker start(ConfigSource config) throws Exception {
      TestBroker broker = new TestBroker(Scratch.directory("rulefilter-e2e"), config, FreePorts.any());
      broker.broker = RuleFilterBroker.start(broker.port, broker.data, config);
      return broker;
   }

   /** Stops cleanly and starts again on the same data directory and port. */
   void restart() throws Exception {
      broker.close();
      broker = RuleFilterBroker.start(port, data, config);
   }

   String url() {
      return "tcp://127.0.0.1:" + port;
   }

   ActiveMQConnectionFactory connectionFactory() {
      return TestBrokerFactory.connectionFactory(url());
   }

   /** A started connection as user {@code app}, with {@code clientId} when not null. */
   Connection connect(String clientId) throws Exception {
      return TestBrokerFactory.connect(url(), clientId);
   }

   ManagementClient management() throws Exception {
      return new ManagementClient(url(), ADMIN, ADMIN);
   }

   Queue queue(String name) {
      return broker.server().locateQueue(SimpleString.of(name));
   }

   RuleFilterBroker broker() {
      return broker;
   }

   @Override
   public void close() throws Exception {
      if (broker != null) {
         broker.close();
      }
      Scratch.delete(data);
   }
}
