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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Users and roles from the two properties files; a mistake in them stops the broker with the file and entry named. */
class BrokerSecurityTest {

   @TempDir
   Path dir;

   private ConfigSource source(String users, String roles) throws Exception {
      Path xml = Files.writeString(dir.resolve("broker.xml"), "<configuration/>");
      Files.writeString(dir.resolve("users.properties"), users);
      Files.writeString(dir.resolve("roles.properties"), roles);
      return ConfigSource.of(xml);
   }

   @Test
   void theDefaultUsersAndTheirRoles() throws Exception {
      SecurityConfiguration security = BrokerSecurity.from(ConfigSource.defaults()).getConfiguration();
      assertThat(security.getUser("admin").isValid("admin", "admin")).isTrue();
      assertThat(security.getUser("app").isValid("app", "app")).isTrue();
      assertThat(security.getRole("admin")).containsExactly("admin");
      assertThat(security.getRole("app")).containsExactly("app");
   }

   @Test
   void usersRolesAndMembersAreReadAsWrittenInUtf8() throws Exception {
      SecurityConfiguration security = BrokerSecurity.from(source("ops = s3cret\n行李 = 密码\nidle = x\n",
            "# comment\nadmin = ops\napp = ops, 行李 ,, \n")).getConfiguration();
      assertThat(security.getUser("ops").isValid("ops", "s3cret")).isTrue();
      assertThat(security.getUser("ops").isValid("ops", "wrong")).isFalse();
      assertThat(security.getUser("行李").isValid("行李", "密码")).isTrue();
      assertThat(security.getRole("ops")).containsExactlyInAnyOrder("admin", "app");
      assertThat(security.getRole("行李")).containsExactly("app");
      assertThat(security.getRole("idle")).isNullOrEmpty();
   }

   @Test
   void noUserIsAnErrorNamingTheFile() throws Exception {
      ConfigSource source = source("# nobody\n", "admin = admin\n");
      assertThatThrownBy(() -> BrokerSecurity.from(source)).isInstanceOf(IllegalArgumentException.class)
            .hasMessage(dir.resolve("users.properties") + " defines no user");
   }

   @Test
   void aRoleNamingAnUnknownUserIsAnErrorNamingTheFileRoleAndUser() throws Exception {
      ConfigSource source = source("ops = s3cret\n", "admin = ops, bob\n");
      assertThatThrownBy(() -> BrokerSecurity.from(source)).isInstanceOf(IllegalArgumentException.class)
            .hasMessage(dir.resolve("roles.properties") + ": role 'admin' names unknown user 'bob'");
   }
}
