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

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Where the broker's files come from, and errors that name the file that is missing and where it was looked for. */
class ConfigSourceTest {

   @TempDir
   Path dir;

   @Test
   void theDefaultsAreReadFromTheJar() throws Exception {
      ConfigSource defaults = ConfigSource.defaults();
      assertThat(defaults.brokerXmlUrl()).isEqualTo("rulefilter-broker/broker.xml");
      assertThat(getClass().getClassLoader().getResource(defaults.brokerXmlUrl())).as("the default broker.xml").isNotNull();
      try (InputStream users = defaults.open("users.properties")) {
         assertThat(new String(users.readAllBytes(), StandardCharsets.UTF_8)).contains("admin = admin");
      }
      assertThat(defaults.describe("roles.properties")).isEqualTo("the default roles.properties");
      assertThatThrownBy(() -> defaults.open("nothing.properties")).isInstanceOf(FileNotFoundException.class)
            .hasMessage("the default nothing.properties is missing from the broker jar");
   }

   @Test
   void aGivenBrokerXmlMustExistAndBeAFile() throws Exception {
      Path missing = dir.resolve("broker.xml");
      assertThatThrownBy(() -> ConfigSource.of(missing)).isInstanceOf(FileNotFoundException.class)
            .hasMessage("broker configuration " + missing + " does not exist");
      assertThatThrownBy(() -> ConfigSource.of(dir)).isInstanceOf(FileNotFoundException.class)
            .hasMessage("broker configuration " + dir + " is a directory, not a broker.xml");
   }

   @Test
   void aBrokerXmlThatIsNotWellFormedIsNamedWithItsLineAndColumn() throws Exception {
      Path xml = Files.writeString(dir.resolve("broken.xml"), "<configuration>\n  <core>\n</configuration>\n");
      assertThatThrownBy(() -> ConfigSource.of(xml)).isInstanceOf(IOException.class)
            .hasMessageStartingWith(xml + " line 3, column ").hasMessageContaining(": not well-formed XML: ");
   }

   @Test
   void filesNextToAGivenBrokerXmlAreReadFromItsDirectory() throws Exception {
      Path xml = Files.writeString(dir.resolve("my-broker.xml"), "<configuration/>");
      Files.writeString(dir.resolve("users.properties"), "ops = secret\n");
      ConfigSource source = ConfigSource.of(xml);
      assertThat(source.brokerXml()).isEqualTo(xml.toAbsolutePath());
      assertThat(source.brokerXmlUrl()).isEqualTo(xml.toUri().toString()).startsWith("file:");
      try (InputStream users = source.open("users.properties")) {
         assertThat(new String(users.readAllBytes(), StandardCharsets.UTF_8)).isEqualTo("ops = secret\n");
      }
      assertThat(source.describe("users.properties")).isEqualTo(dir.resolve("users.properties").toString());
      assertThatThrownBy(() -> source.open("roles.properties")).isInstanceOf(FileNotFoundException.class)
            .hasMessage(dir.resolve("roles.properties") + " does not exist (it must stand next to my-broker.xml)");
   }

   @Test
   void aRelativePathIsMadeAbsoluteSoTheSiblingsDoNotDependOnTheWorkingDirectoryLater() throws Exception {
      Path xml = Files.writeString(dir.resolve("broker.xml"), "<configuration/>");
      Path relative = Path.of("").toAbsolutePath().relativize(xml);
      Path absolute = ConfigSource.of(relative).brokerXml();
      assertThat(absolute).isAbsolute();
      assertThat(absolute.normalize()).isEqualTo(xml);
   }
}
