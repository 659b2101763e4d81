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
package io.rulefilter.artemis.log;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Log ids are what operators search for and alert on: the bundles of this package own every one, each id is one
 * message said by one method, no id is written anywhere else, retired ids stay retired, and the manual's table lists
 * exactly the ids in force.
 */
class LogIdsTest {

   private static final Path BUNDLES = Path.of("src/main/java/io/rulefilter/artemis/log");
   private static final Pattern ID = Pattern.compile("RFL(\\d{4})");
   private static final Pattern RANGE = Pattern.compile("RFL(\\d{4})`–`RFL(\\d{4})");

   /** A message of a bundle, with the name of the field that holds it. */
   private record Declared(Class<?> bundle, String field, LogMessage message) {
   }

   @Test
   void eachIdNamesOneMessage() throws Exception {
      List<Declared> messages = messages();
      assertThat(messages).as("messages in the bundles").hasSizeGreaterThan(50);
      Map<Integer, List<String>> byId = messages.stream().collect(Collectors.groupingBy(d -> d.message().id(),
            Collectors.mapping(d -> d.bundle().getSimpleName() + "." + d.field(), Collectors.toList())));
      byId.forEach((id, fields) -> assertThat(fields).as("messages with id %s", LogMessage.idText(id)).hasSize(1));
      // RFL1202 and RFL1203 share their words: one is information, the other the same note at debug level
      Map<String, List<Integer>> byText = messages.stream().collect(Collectors.groupingBy(
            d -> d.message().level() + " " + d.message().text(), Collectors.mapping(d -> d.message().id(), Collectors.toList())));
      byText.forEach((text, ids) -> assertThat(ids).as("ids of the message %s", text).hasSize(1));
   }

   @Test
   void anIdsFirstDigitIsItsLevel() throws Exception {
      for (Declared declared : messages()) {
         LogMessage message = declared.message();
         Set<LogMessage.Level> levels = switch (message.id() / 1000) {
            case 1 -> Set.of(LogMessage.Level.INFO, LogMessage.Level.DEBUG);
            case 2 -> Set.of(LogMessage.Level.WARN);
            case 3 -> Set.of(LogMessage.Level.ERROR, LogMessage.Level.THROWN);
            case 4 -> Set.of(LogMessage.Level.THROWN);
            default -> Set.of();
         };
         assertThat(levels).as("level of %s", LogMessage.idText(message.id())).contains(message.level());
         assertThat(message.format()).startsWith(LogMessage.idText(message.id()) + " RuleFilter: ")
               .matches("RFL\\d{4} RuleFilter: .*");
      }
   }

   @Test
   void eachMessageIsSaidByOneMethodThatSaysNoOther() throws Exception {
      Map<Class<?>, List<String>> fieldsByBundle = new HashMap<>();
      for (Declared declared : messages()) {
         fieldsByBundle.computeIfAbsent(declared.bundle(), k -> new ArrayList<>()).add(declared.field());
      }
      for (Map.Entry<Class<?>, List<String>> bundle : fieldsByBundle.entrySet()) {
         String source = Files.readString(BUNDLES.resolve(bundle.getKey().getSimpleName() + ".java"), StandardCharsets.UTF_8);
         String[] methods = source.split("\n   public static ");
         for (String field : bundle.getValue()) {
            Pattern use = Pattern.compile("\\b" + field + "\\.");
            long saying = Stream.of(methods).skip(1).filter(method -> use.matcher(method).find()).count();
            assertThat(saying).as("methods of %s that say %s", bundle.getKey().getSimpleName(), field).isEqualTo(1);
         }
         for (String method : Stream.of(methods).skip(1).toList()) {
            long said = bundle.getValue().stream().filter(field -> Pattern.compile("\\b" + field + "\\.").matcher(method).find())
                  .count();
            assertThat(said).as("messages said by %s.%s", bundle.getKey().getSimpleName(),
                  method.substring(0, method.indexOf('('))).isLessThanOrEqualTo(1);
         }
      }
   }

   @Test
   void noIdIsWrittenOutsideTheBundles() throws IOException {
      Set<String> outside = new TreeSet<>();
      try (Stream<Path> sources = Files.walk(Path.of("src/main/java"))) {
         for (Path source : sources.filter(p -> p.toString().endsWith(".java") && !p.startsWith(BUNDLES)).toList()) {
            Matcher id = ID.matcher(Files.readString(source, StandardCharsets.UTF_8));
            while (id.find()) {
               outside.add(source.getFileName() + ": " + id.group());
            }
         }
      }
      assertThat(outside).as("log ids written outside %s", BUNDLES).isEmpty();
   }

   @Test
   void retiredIdsAreNeverReused() throws Exception {
      Set<Integer> inForce = messages().stream().map(d -> d.message().id()).collect(Collectors.toSet());
      assertThat(RetiredLogIds.IDS.keySet()).as("retired ids").isNotEmpty().doesNotContainAnyElementsOf(inForce);
   }

   @Test
   void theManualListsEveryIdInForceAndNoOther() throws Exception {
      Set<String> logged = new TreeSet<>();
      Set<String> refusals = new TreeSet<>();
      for (Declared declared : messages()) {
         int id = declared.message().id();
         (id / 1000 == 4 ? refusals : logged).add(LogMessage.idText(id));
      }
      assertThat(listedInManual("# Log messages")).as("ids in the table of docs/log-messages.md").isEqualTo(logged);
      assertThat(listedInManual("## Refusals")).as("refusal ids in docs/log-messages.md").isEqualTo(refusals);
   }

   @Test
   void theManualListsEveryRetiredId() throws IOException {
      Set<String> retired = RetiredLogIds.IDS.keySet().stream().map(LogMessage::idText)
            .collect(Collectors.toCollection(TreeSet::new));
      assertThat(listedInManual("## Retired ids")).as("retired ids in docs/log-messages.md").isEqualTo(retired);
   }

   /** The messages of every bundle: the classes of this package that hold messages. */
   private static List<Declared> messages() throws IOException, ReflectiveOperationException {
      List<Declared> messages = new ArrayList<>();
      List<Path> bundles;
      try (Stream<Path> files = Files.list(BUNDLES)) {
         bundles = files.filter(p -> p.getFileName().toString().endsWith(".java")).sorted().toList();
      }
      assertThat(bundles).as("bundles in %s", BUNDLES).isNotEmpty();
      for (Path file : bundles) {
         String name = file.getFileName().toString().replace(".java", "");
         Class<?> bundle = Class.forName(LogIdsTest.class.getPackageName() + "." + name);
         for (Field field : bundle.getDeclaredFields()) {
            if (field.getType() == LogMessage.class && Modifier.isStatic(field.getModifiers())) {
               field.setAccessible(true);
               messages.add(new Declared(bundle, field.getName(), (LogMessage) field.get(null)));
            }
         }
      }
      return messages;
   }

   /** The ids in the first table under {@code heading} of docs/log-messages.md; a row may name a range. */
   private static Set<String> listedInManual(String heading) throws IOException {
      String chapter = Files.readString(Path.of("../docs/log-messages.md"), StandardCharsets.UTF_8);
      int at = chapter.indexOf(heading + "\n");
      assertThat(at).as("heading '%s' in docs/log-messages.md", heading).isNotNegative();
      String table = chapter.substring(at + heading.length());
      int next = table.indexOf("\n#");
      table = next < 0 ? table : table.substring(0, next);
      Set<String> listed = new TreeSet<>();
      for (String row : table.lines().filter(line -> line.startsWith("| `RFL")).toList()) {
         String first = row.substring(0, row.indexOf('|', 1));
         Matcher range = RANGE.matcher(first);
         while (range.find()) {
            for (int n = Integer.parseInt(range.group(1)); n <= Integer.parseInt(range.group(2)); n++) {
               listed.add(LogMessage.idText(n));
            }
         }
         Matcher id = ID.matcher(row);
         while (id.find()) {
            listed.add(id.group());
         }
      }
      return listed;
   }
}
