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

import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Where the broker's configuration comes from: the defaults shipped in the jar, or a given broker.xml with
 * {@code users.properties} and {@code roles.properties} next to it.
 */
public record ConfigSource(Path brokerXml) {

   static final String DEFAULTS = "rulefilter-broker/";

   public static ConfigSource defaults() {
      return new ConfigSource(null);
   }

   public static ConfigSource of(Path brokerXml) throws IOException {
      if (Files.isDirectory(brokerXml)) {
         throw new FileNotFoundException("broker configuration " + brokerXml + " is a directory, not a broker.xml");
      }
      if (!Files.isRegularFile(brokerXml)) {
         throw new FileNotFoundException("broker configuration " + brokerXml + " does not exist");
      }
      WellFormedXml.require(brokerXml);
      return new ConfigSource(brokerXml.toAbsolutePath());
   }

   /** The broker.xml as Artemis loads it: a class-path name or a URL. */
   String brokerXmlUrl() {
      return brokerXml == null ? DEFAULTS + "broker.xml" : brokerXml.toUri().toString();
   }

   InputStream open(String name) throws IOException {
      if (brokerXml == null) {
         InputStream in = ConfigSource.class.getClassLoader().getResourceAsStream(DEFAULTS + name);
         if (in == null) {
            throw new FileNotFoundException("the default " + name + " is missing from the broker jar");
         }
         return in;
      }
      Path file = brokerXml.resolveSibling(name);
      if (!Files.isRegularFile(file)) {
         throw new FileNotFoundException(file + " does not exist (it must stand next to " + brokerXml.getFileName() + ")");
      }
      return Files.newInputStream(file);
   }

   String describe(String name) {
      return brokerXml == null ? "the default " + name : brokerXml.resolveSibling(name).toString();
   }
}
