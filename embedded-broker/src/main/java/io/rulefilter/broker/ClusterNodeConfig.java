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

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The configuration of one node of a local cluster: the default broker.xml with its port and data directory filled
 * in, a connector to every node, and a symmetric cluster connection over them, as {@code artemis create --clustered
 * --staticCluster} writes it. Each node gets its own directory with broker.xml, users.properties and roles.properties.
 */
final class ClusterNodeConfig {

   private static final String PLUGINS = "<broker-plugins>";
   private static final String PLUGINS_END = "</broker-plugins>";
   private static final String ADDRESS_SETTING = "<address-setting match=\"#\">";
   private static final String PLUGIN = "<broker-plugin class-name=\"io.rulefilter.artemis.RuleFilterPlugin\">";

   private ClusterNodeConfig() {
   }

   /**
    * Writes node {@code index}'s configuration into {@code directory}.
    *
    * @param ports         every node's port, in node order
    * @param loadBalancing an Artemis message-load-balancing type (OFF, STRICT, ON_DEMAND, OFF_WITH_REDISTRIBUTION)
    * @param withPlugin    false for plain Artemis (benchmarks compare against it)
    * @param settings      plugin properties added to the default ones (tests switch the routing index off)
    */
   static ConfigSource write(Path directory, int index, List<Integer> ports, Path data, String loadBalancing,
                             String clusterPassword, boolean withPlugin, Map<String, String> settings)
         throws IOException {
      Files.createDirectories(directory);
      ConfigSource defaults = ConfigSource.defaults();
      for (String name : List.of("users.properties", "roles.properties")) {
         try (InputStream in = defaults.open(name)) {
            Files.copy(in, directory.resolve(name), StandardCopyOption.REPLACE_EXISTING);
         }
      }
      String xml;
      try (InputStream in = defaults.open("broker.xml")) {
         xml = new String(in.readAllBytes(), StandardCharsets.UTF_8);
      }
      xml = require(xml, "${rulefilter.port}").replace("${rulefilter.port}", Integer.toString(ports.get(index)))
            .replace("${rulefilter.data}", data.toAbsolutePath().toString())
            .replace("<name>rulefilter</name>", "<name>rulefilter-node-" + (index + 1) + "</name>");
      xml = require(xml, PLUGINS).replace(PLUGINS, cluster(index, ports, loadBalancing, clusterPassword) + PLUGINS);
      xml = require(withoutDefaultsOf(xml, settings.keySet()), PLUGIN).replace(PLUGIN, PLUGIN + properties(settings));
      if (!withPlugin) {
         xml = xml.substring(0, xml.indexOf(PLUGINS)) + xml.substring(require(xml, PLUGINS_END).indexOf(PLUGINS_END)
               + PLUGINS_END.length());
      }
      xml = require(xml, ADDRESS_SETTING).replace(ADDRESS_SETTING,
            ADDRESS_SETTING + "\n        <redistribution-delay>0</redistribution-delay>");
      Path brokerXml = directory.resolve("broker.xml");
      Files.writeString(brokerXml, xml, StandardCharsets.UTF_8);
      return ConfigSource.of(brokerXml);
   }

   private static String cluster(int index, List<Integer> ports, String loadBalancing, String clusterPassword) {
      StringBuilder xml = new StringBuilder("<connectors>\n");
      for (int i = 0; i < ports.size(); i++) {
         xml.append("      <connector name=\"node-").append(i + 1).append("\">tcp://127.0.0.1:").append(ports.get(i))
               .append("</connector>\n");
      }
      xml.append("    </connectors>\n")
            .append("    <cluster-user>rulefilter-cluster</cluster-user>\n")
            .append("    <cluster-password>").append(clusterPassword).append("</cluster-password>\n")
            .append("    <cluster-connections>\n")
            .append("      <cluster-connection name=\"rulefilter-cluster\">\n")
            .append("        <connector-ref>node-").append(index + 1).append("</connector-ref>\n")
            .append("        <retry-interval>500</retry-interval>\n")
            .append("        <message-load-balancing>").append(loadBalancing).append("</message-load-balancing>\n")
            .append("        <max-hops>1</max-hops>\n")
            .append("        <static-connectors>\n");
      for (int i = 0; i < ports.size(); i++) {
         if (i != index) {
            xml.append("          <connector-ref>node-").append(i + 1).append("</connector-ref>\n");
         }
      }
      return xml.append("        </static-connectors>\n      </cluster-connection>\n    </cluster-connections>\n\n    ").toString();
   }

   /** The broker.xml without the default's plugin properties of {@code keys}: a node's own setting replaces them. */
   private static String withoutDefaultsOf(String xml, Set<String> keys) {
      for (String key : keys) { // Artemis would keep one of two properties of a key without saying which
         xml = xml.replaceAll("\\s*<property key=\"" + Pattern.quote(xmlAttribute(key)) + "\" value=\"[^\"]*\"/>", "");
      }
      return xml;
   }

   private static String properties(Map<String, String> settings) {
      StringBuilder properties = new StringBuilder();
      for (Map.Entry<String, String> setting : settings.entrySet()) {
         properties.append("\n        <property key=\"").append(xmlAttribute(setting.getKey())).append("\" value=\"")
               .append(xmlAttribute(setting.getValue())).append("\"/>");
      }
      return properties.toString();
   }

   private static String xmlAttribute(String value) {
      return value.replace("&", "&amp;").replace("<", "&lt;").replace("\"", "&quot;");
   }

   private static String require(String xml, String part) {
      if (!xml.contains(part)) {
         throw new IllegalStateException("the default broker.xml has no " + part + " to build a cluster node from");
      }
      return xml;
   }
}
