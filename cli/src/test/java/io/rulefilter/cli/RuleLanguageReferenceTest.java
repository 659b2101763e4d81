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
package io.rulefilter.cli;

import io.rulefilter.RuleLanguage;
import io.rulefilter.message.MessageModel;
import io.rulefilter.parse.RuleLimits;
import io.rulefilter.sql.SqlFilter;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;
import java.util.Map;

/** The language reference (docs/rule-language.md) says what the code does: its tables are checked against it. */
class RuleLanguageReferenceTest {

   private static final Path REFERENCE = Path.of("../docs/rule-language.md");
   private static final Path README = Path.of("../README.md");
   private static final Pattern CODE = Pattern.compile("`([^`]+)`");
   private final RuleLanguage language = RuleLanguage.standard();

   @Test
   void everyExampleRuleParses() throws Exception {
      List<String> rules = firstColumn("| rule | keeps messages whose… |");
      assertThat(rules).hasSizeGreaterThanOrEqualTo(10);
      for (String rule : rules) {
         assertThat(language.check(rule)).as(rule).isNotBlank();
      }
   }

   @Test
   void everyRuleOfTheReadmesTableParses() throws Exception {
      List<String> rules = firstColumn(README, "| rule | keeps messages whose… |");
      assertThat(rules).hasSizeGreaterThanOrEqualTo(5);
      for (String rule : rules) {
         assertThat(language.check(rule)).as(rule).isNotBlank();
      }
   }

   @Test
   void theLimitsTableShowsTheDefaults() throws Exception {
      List<String> lines = Files.readAllLines(REFERENCE, StandardCharsets.UTF_8);
      int at = lines.indexOf("| limit | default | plugin setting |");
      assertThat(at).isNotNegative();
      assertThat(lines.subList(at + 2, at + 5)).containsExactly(
            String.format(Locale.ROOT, "| length | %,d characters (code points) | `max-rule-length` |", RuleLimits.DEFAULT.maxLength()),
            "| conditions | %d | `max-conditions` |".formatted(RuleLimits.DEFAULT.maxConditions()),
            "| nesting depth (parentheses and `not`) | %d | `max-depth` (at most %d) |".formatted(RuleLimits.DEFAULT.maxDepth(),
                  RuleLimits.MAX_DEPTH));
   }

   @Test
   void theBookkeepingTableIsWhatTheEvaluatorSkips() throws Exception {
      List<String> names = new ArrayList<>();
      List<String> prefixes = new ArrayList<>();
      for (String cell : firstColumn("| name | added by |")) {
         Matcher prefix = Pattern.compile("names starting with (.*)").matcher(cell);
         if (prefix.matches()) {
            Matcher code = CODE.matcher(prefix.group(1));
            while (code.find()) {
               prefixes.add(code.group(1));
            }
         } else if (cell.startsWith("`")) {
            Matcher code = CODE.matcher(cell);
            while (code.find()) {
               names.add(code.group(1));
            }
         }
      }
      assertThat(prefixes).containsExactlyInAnyOrderElementsOf(MessageModel.RESERVED_PREFIXES);
      assertThat(names).containsExactlyInAnyOrderElementsOf(MessageModel.PROTOCOL_PROPERTIES);
      for (String name : names) {
         assertThat(language.compile(language.parse("@attr nweq *")).matches(RuleLanguage.message("T",
               Map.of(name, "v")))).as(name + " is not an attribute").isTrue();
      }
   }

   @Test
   void theTranslationShownForAnUnaffordablePatternIsTheTranslation() throws Exception {
      String page = Files.readString(REFERENCE, StandardCharsets.UTF_8);
      SqlFilter sql = language.translate(language.parse("x weq a*b*c"));
      assertThat(page).contains("(`x weq a*b*c` becomes `" + sql.filter().replaceAll("^\\(|\\)$", "") + "`)");
      assertThat(sql.isExact()).isFalse();
      assertThat(page).contains("`airline weq CA` becomes `" + language.translate(language.parse("airline weq CA")).filter() + "`");
   }

   /** The first cells (inside backticks, or whole) of the reference's table under {@code header}. */
   private static List<String> firstColumn(String header) throws Exception {
      return firstColumn(REFERENCE, header);
   }

   private static List<String> firstColumn(Path document, String header) throws Exception {
      List<String> lines = Files.readAllLines(document, StandardCharsets.UTF_8);
      int at = lines.indexOf(header);
      assertThat(at).as("table " + header).isNotNegative();
      List<String> cells = new ArrayList<>();
      for (int i = at + 2; i < lines.size() && lines.get(i).startsWith("|"); i++) {
         String cell = lines.get(i).split("(?<!\\\\)\\|")[1].trim();
         Matcher code = CODE.matcher(cell);
         cells.add(header.startsWith("| rule") && code.matches() ? code.group(1) : cell);
      }
      return cells;
   }
}
