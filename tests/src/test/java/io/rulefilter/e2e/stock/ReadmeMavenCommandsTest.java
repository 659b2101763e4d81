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

import org.junit.jupiter.api.Test;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

import javax.xml.parsers.DocumentBuilderFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every Maven goal the README and the manual give a user names its plugin's version, the one the build uses: a bare
 * {@code prefix:goal} resolves, outside this project, to whatever version that user's Maven picks, which an offline or
 * fresh Maven repository may not hold.
 */
class ReadmeMavenCommandsTest {

   /** A line of a code block, or a code span (which may wrap onto the next line). */
   private static final Pattern CODE = Pattern.compile("(?m)^\\s*```\\w*\\n(?<block>.*?)^\\s*```|`(?<span>[^`]+)`", Pattern.DOTALL);
   /** A goal given by plugin: {@code prefix:goal} or {@code groupId:artifactId:version:goal}. */
   private static final Pattern GOAL = Pattern.compile("^[A-Za-z][\\w.-]*(:[\\w.-]+)+$");

   @Test
   void everyMavenGoalInTheReadmeNamesTheVersionTheBuildUses() throws Exception {
      Map<String, String> versions = pluginVersions(Path.of("../pom.xml"));
      List<String> goals = new ArrayList<>();
      for (Path doc : Docs.all()) {
         Matcher code = CODE.matcher(Files.readString(doc, StandardCharsets.UTF_8));
         while (code.find()) {
            List<String> commands = code.group("block") != null ? code.group("block").lines().toList()
                  : List.of(code.group("span").replace('\n', ' '));
            commands.stream().map(String::strip).filter(c -> c.startsWith("mvn ")).forEach(c -> goalsOf(c, goals));
         }
      }
      assertThat(goals).as("the documented Maven goals (step 0 of the install, the license header)")
            .contains("org.apache.maven.plugins:maven-dependency-plugin:3.8.1:copy");
      for (String goal : goals) {
         String[] parts = goal.split(":");
         assertThat(parts).as("'%s' names groupId:artifactId:version:goal", goal).hasSize(4);
         assertThat(parts[2]).as("the version of %s:%s in '%s' is the build's", parts[0], parts[1], goal)
               .isEqualTo(versions.get(parts[0] + ":" + parts[1]));
      }
   }

   private static void goalsOf(String command, List<String> goals) {
      for (String word : command.split("\\s+")) {
         if (GOAL.matcher(word).matches()) {
            goals.add(word);
         }
      }
   }

   /** The versions of the plugins the root POM declares, in its plugins and its plugin management. */
   private static Map<String, String> pluginVersions(Path pom) throws Exception {
      NodeList plugins = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(pom.toFile())
            .getElementsByTagName("plugin");
      Map<String, String> versions = new HashMap<>();
      for (int i = 0; i < plugins.getLength(); i++) {
         Element plugin = (Element) plugins.item(i);
         String group = text(plugin, "groupId");
         versions.put((group == null ? "org.apache.maven.plugins" : group) + ":" + text(plugin, "artifactId"),
               text(plugin, "version"));
      }
      return versions;
   }

   /** The text of {@code parent}'s own child {@code name} (not of a plugin dependency's), or null. */
   private static String text(Element parent, String name) {
      for (Node child = parent.getFirstChild(); child != null; child = child.getNextSibling()) {
         if (child instanceof Element element && element.getTagName().equals(name)) {
            return element.getTextContent().strip();
         }
      }
      return null;
   }
}
