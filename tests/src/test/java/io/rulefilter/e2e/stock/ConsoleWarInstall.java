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

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Installs the console's web application into a stock instance as "The console page in the instance's web server"
 * (docs/install.md) says, with the roles it describes, taking the lines from that section itself.
 */
final class ConsoleWarInstall {

   static final String HEADING = "### The console page in the instance's web server";
   private static final String CONSOLE_APP = "war=\"console.war\"/>";
   private static final String MANAGEMENT_SETTING = "<security-setting match=\"activemq.management.#\">";

   private ConsoleWarInstall() {
   }

   /** Steps 2 and 3: the war into the instance's web/, its app line into bootstrap.xml after the console's. */
   static void install(StockArtemis broker) throws IOException {
      Path war = Path.of(System.getProperty("rulefilter.console.war", "target/console-war/rulefilter-console.war"));
      Path web = Files.createDirectories(broker.instance().resolve("web"));
      Files.copy(war, web.resolve("rulefilter-console.war"), StandardCopyOption.REPLACE_EXISTING);
      String app = blockWith("<app ").strip();
      broker.editEtc("bootstrap.xml", xml -> {
         int console = xml.indexOf(CONSOLE_APP);
         if (console < 0) {
            throw new IllegalStateException("artemis create wrote no app of console.war into bootstrap.xml");
         }
         int end = console + CONSOLE_APP.length();
         return xml.substring(0, end) + "\n           " + app + xml.substring(end);
      });
   }

   /** "Roles": management RBAC in {@code <core>}, the management address for all three roles, the mops.# setting. */
   static void splitRoles(StockArtemis broker) throws IOException {
      String rbac = blockWith("<management-message-rbac>").strip();
      String mops = blockWith("<security-setting match=\"mops.#\">").strip();
      broker.editEtc("broker.xml", xml -> {
         int core = xml.indexOf("<core xmlns=\"urn:activemq:core\"");
         int coreEnd = xml.indexOf('>', core) + 1;
         xml = xml.substring(0, coreEnd) + "\n" + rbac + xml.substring(coreEnd);
         int start = xml.indexOf(MANAGEMENT_SETTING);
         if (start < 0) {
            throw new IllegalStateException("artemis create wrote no " + MANAGEMENT_SETTING);
         }
         int end = xml.indexOf("</security-setting>", start) + "</security-setting>".length();
         String setting = xml.substring(start, end).replace("roles=\"amq\"", "roles=\"amq,manager,viewer\"");
         return xml.substring(0, start) + setting + "\n" + mops + xml.substring(end);
      });
   }

   /** The section's code block that contains {@code text}. */
   private static String blockWith(String text) throws IOException {
      String section = Docs.section(Docs.INSTALL, HEADING);
      Matcher block = Pattern.compile("```[a-z]*\n(.*?)```", Pattern.DOTALL).matcher(section);
      List<String> blocks = new ArrayList<>();
      while (block.find()) {
         blocks.add(block.group(1));
      }
      return blocks.stream().filter(b -> b.contains(text)).findFirst().orElseThrow(() -> new IllegalStateException(
            "docs/install.md's section '" + HEADING + "' shows no block with " + text));
   }

   /** The manual's users (alice a viewer, bob a manager): "The web console" section's commands, run in the instance. */
   static void addUsers(StockArtemis broker) throws Exception {
      String section = Docs.section(Docs.OPERATIONS, "## The web console");
      Matcher bash = Pattern.compile("```bash\n(.*?)```", Pattern.DOTALL).matcher(section);
      if (!bash.find()) {
         throw new IllegalStateException("docs/operations.md's web console section shows no commands");
      }
      Process run = new ProcessBuilder("bash", "-e", "-c", bash.group(1)).directory(broker.instance().toFile())
            .redirectErrorStream(true).start();
      String output = new String(run.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      if (run.waitFor() != 0) {
         throw new IllegalStateException("the manual's commands for the users failed: " + output);
      }
   }
}
