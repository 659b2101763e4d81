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
package io.rulefilter.e2e.stock;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;

/**
 * Talks to a stock instance's web console as the console's own pages do: Jolokia requests as JSON, posted to
 * {@code /console/jolokia/} with the user's basic credentials and the console's own origin (Artemis's
 * jolokia-access.xml checks it strictly).
 */
final class ConsoleJolokia {

   static final ObjectMapper JSON = new ObjectMapper();

   private final String consoleUrl;
   private final String user;
   private final String password;
   private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

   ConsoleJolokia(String consoleUrl, String user, String password) {
      this.consoleUrl = consoleUrl;
      this.user = user;
      this.password = password;
   }

   /** Posts one request; returns Jolokia's answer, whose {@code status} is 200 or the refusal's (403 for a role). */
   JsonNode send(String request) throws IOException, InterruptedException {
      URI uri = URI.create(consoleUrl + "/jolokia/");
      String credentials = Base64.getEncoder().encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
      HttpResponse<String> response = http.send(HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(30))
            .header("Authorization", "Basic " + credentials).header("Content-Type", "application/json")
            .header("Origin", uri.getScheme() + "://" + uri.getAuthority())
            .POST(HttpRequest.BodyPublishers.ofString(request)).build(), HttpResponse.BodyHandlers.ofString());
      if (response.statusCode() != 200) {
         throw new IllegalStateException("the console answered " + response.statusCode() + " to " + user + ": "
               + response.body());
      }
      return JSON.readTree(response.body());
   }

   /** All of {@code mbean}'s attributes (the JMX tab's Attributes), or those named (the Status page's broker details). */
   JsonNode read(String mbean, String... attributes) throws IOException, InterruptedException {
      ObjectNode request = request("read", mbean);
      if (attributes.length > 0) {
         request.set("attribute", JSON.valueToTree(attributes));
      }
      return send(request.toString());
   }

   /** The names of the MBeans matching {@code pattern} (how the console finds the broker's MBean). */
   JsonNode search(String pattern) throws IOException, InterruptedException {
      return send(request("search", pattern).toString());
   }

   JsonNode exec(String mbean, String operation, Object... arguments) throws IOException, InterruptedException {
      ObjectNode request = request("exec", mbean).put("operation", operation);
      request.set("arguments", JSON.valueToTree(arguments));
      return send(request.toString());
   }

   /**
    * What ArtemisJMXSecurity answers to the console's {@code canInvoke}, asked before it offers an operation: per
    * operation signature, {@code {"CanInvoke": true|false}}.
    */
   JsonNode canInvoke(String mbean, String... operations) throws IOException, InterruptedException {
      ObjectNode request = request("exec", "hawtio:area=jmx,name=ArtemisJMXSecurity,type=security")
            .put("operation", "canInvoke(java.util.Map)");
      request.putArray("arguments").addObject().set(mbean, JSON.valueToTree(operations));
      return send(request.toString());
   }

   JsonNode list(String path) throws IOException, InterruptedException {
      ObjectNode request = JSON.createObjectNode().put("type", "list").put("path", path);
      request.putObject("config").put("canonicalNaming", false).put("ignoreErrors", true);
      return send(request.toString());
   }

   /**
    * A request with the processing options the console sends with each one: with {@code ignoreErrors}, an attribute
    * the user may not read comes back as an object with {@code ".error"} in a read of several, not as a 403.
    */
   private static ObjectNode request(String type, String mbean) {
      ObjectNode request = JSON.createObjectNode().put("type", type).put("mbean", mbean);
      request.putObject("config").put("maxDepth", 7).put("maxCollectionSize", 50_000).put("canonicalNaming", false)
            .put("ignoreErrors", true);
      return request;
   }
}
