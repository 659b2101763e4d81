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
package io.rulefilter.broker;

import org.apache.activemq.artemis.core.config.impl.SecurityConfiguration;
import org.apache.activemq.artemis.spi.core.security.ActiveMQJAASSecurityManager;
import org.apache.activemq.artemis.spi.core.security.jaas.InVMLoginModule;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.Properties;

/** Users and roles read from two properties files ({@code user = password}, {@code role = user, user}). */
final class BrokerSecurity {

   private BrokerSecurity() {
   }

   static ActiveMQJAASSecurityManager from(ConfigSource source) throws IOException {
      SecurityConfiguration security = new SecurityConfiguration();
      Properties users = load(source, "users.properties");
      if (users.isEmpty()) {
         throw new IllegalArgumentException(source.describe("users.properties") + " defines no user");
      }
      users.forEach((user, password) -> security.addUser(user.toString(), password.toString()));
      load(source, "roles.properties").forEach((role, members) -> {
         for (String user : members.toString().split(",")) {
            String name = user.trim();
            if (name.isEmpty()) {
               continue;
            }
            if (!users.containsKey(name)) {
               throw new IllegalArgumentException(source.describe("roles.properties") + ": role '" + role
                     + "' names unknown user '" + name + "'");
            }
            security.addRole(name, role.toString());
         }
      });
      return new ActiveMQJAASSecurityManager(InVMLoginModule.class.getName(), security);
   }

   private static Properties load(ConfigSource source, String name) throws IOException {
      Properties properties = new Properties();
      try (InputStream in = source.open(name)) {
         properties.load(new InputStreamReader(in, StandardCharsets.UTF_8));
      }
      return properties;
   }
}
