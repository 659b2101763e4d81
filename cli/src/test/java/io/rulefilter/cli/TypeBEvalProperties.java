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

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rulefilter.cli.CliRuns.Run;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BiPredicate;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code eval} and {@code explain} on generated BSMs against the expected outcome computed from what the test put in
 * the body, never by reading the body back: the message is generated as data (heading, SMI, element occurrences,
 * noise lines, lines after {@code ENDBSM}, line ends, trailing spaces) and only then written as Type B text.
 */
class TypeBEvalProperties {

   private static final List<String> TOKENS = List.of("CA1234", "MU5101", "05FEB", "SHA", "PEK", "Y", "0999123456001",
         "0999123457", "1LPEK", "RUSH", "rush", "1ZHANG", "SAN", "A B", "");
   private static final List<String> OPS = List.of("weq", "nweq", "beg", "end", "weqi", "nweqi", "begi", "endi", "ex", "nex");

   private final ObjectMapper json = new ObjectMapper();

   /** One element occurrence as generated; its value is its fields joined by {@code /}. */
   record Element(char letter, List<String> fields) {
      String value() {
         return String.join("/", fields);
      }
   }

   /**
    * A generated message: {@code body == false} means no body at all. Elements after the end line and noise lines
    * are written into the body but are not Type B content.
    */
   record Bsm(boolean body, String heading, String smi, List<Element> elements, List<String> noise, boolean ended,
              List<Element> afterEnd, String lineEnd, int trailingSpaces) {

      boolean isTypeB() {
         return body && !elements.isEmpty();
      }

      String text() {
         List<String> lines = new ArrayList<>(List.of(heading, smi));
         for (int i = 0; i < Math.max(elements.size(), noise.size()); i++) {
            if (i < elements.size()) {
               lines.add("." + elements.get(i).letter() + "/" + elements.get(i).value() + " ".repeat(i % (trailingSpaces + 1)));
            }
            if (i < noise.size()) {
               lines.add(noise.get(i));
            }
         }
         if (ended) {
            lines.add("END" + smi);
            afterEnd.forEach(e -> lines.add("." + e.letter() + "/" + e.value()));
         }
         return String.join(lineEnd, lines) + (trailingSpaces % 2 == 0 ? lineEnd : "");
      }

      /** What a subject reads, from the generated data: the SMI, every value of an element, or its field n. */
      List<String> values(char element, int field) {
         if (!isTypeB()) {
            return List.of();
         }
         if (element == 0) {
            return List.of(smi);
         }
         return elements.stream().filter(e -> e.letter() == element)
               .filter(e -> field == 0 || field <= e.fields().size())
               .map(e -> field == 0 ? e.value() : e.fields().get(field - 1)).toList();
      }
   }

   /** One condition: subject (element 0: the SMI; field 0: the whole value), operator and its items. */
   record Condition(char element, int field, String op, List<String> items) {

      String text() {
         String subject = element == 0 ? "@typeb" : "@typeb." + element + (field == 0 ? "" : "." + field);
         if (op.endsWith("ex")) {
            return subject + " " + op;
         }
         String list = items.stream().map(i -> "'" + i + "'").collect(Collectors.joining(", "));
         return subject + " " + op + " " + (items.size() == 1 ? list : "(" + list + ")");
      }

      boolean holds(Bsm message) {
         List<String> values = message.values(element, field);
         return switch (op) {
            case "ex" -> !values.isEmpty();
            case "nex" -> values.isEmpty();
            case "weq" -> any(values, String::equals);
            case "nweq" -> !any(values, String::equals);
            case "beg" -> any(values, String::startsWith);
            case "end" -> any(values, String::endsWith);
            case "weqi" -> any(values, String::equalsIgnoreCase);
            case "nweqi" -> !any(values, String::equalsIgnoreCase);
            case "begi" -> any(values, (v, i) -> v.regionMatches(true, 0, i, 0, i.length()));
            case "endi" -> any(values, (v, i) -> v.length() >= i.length() && v.regionMatches(true, v.length() - i.length(), i, 0,
                  i.length()));
            default -> throw new IllegalStateException(op);
         };
      }

      private boolean any(List<String> values, BiPredicate<String, String> test) {
         return values.stream().anyMatch(v -> items.stream().anyMatch(i -> test.test(v, i)));
      }
   }

   record Case(Bsm message, List<Condition> conditions, boolean and) {

      String rule() {
         return conditions.stream().map(Condition::text).collect(Collectors.joining(and ? " and " : " or "));
      }

      boolean expected() {
         return and ? conditions.stream().allMatch(c -> c.holds(message)) : conditions.stream().anyMatch(c -> c.holds(message));
      }
   }

   @Property(tries = 150)
   void evalDecidesAsTheGeneratedContentSays(@ForAll("cases") List<Case> cases) {
      List<String> lines = new ArrayList<>();
      for (int i = 0; i < cases.size(); i++) {
         ObjectNode line = json.createObjectNode().put("id", i).put("rule", cases.get(i).rule()).put("tag", "BSM");
         if (cases.get(i).message().body()) {
            line.put("body", cases.get(i).message().text());
         }
         lines.add(line.toString());
      }
      Run run = CliRuns.run(String.join("\n", lines), "eval");
      assertThat(run.exit()).as(run.err()).isZero();
      assertThat(run.lines()).hasSize(cases.size());
      for (int i = 0; i < cases.size(); i++) {
         Case c = cases.get(i);
         Statistics.label("verdict").collect(c.expected());
         assertThat(run.lines().get(i)).as("rule %s on body %s", c.rule(), c.message().body() ? json(c.message().text()) : "(none)")
               .isEqualTo("{\"id\":" + i + ",\"match\":" + c.expected() + "}");
      }
   }

   @Property(tries = 100)
   void explainShowsEveryGeneratedElementAndNoOther(@ForAll("messages") Bsm message) {
      Run run = CliRuns.run("", "explain", "@typeb ex", "--body", message.text());
      assertThat(run.exit()).as(run.err()).isZero();
      List<String> shown = run.lines().stream().filter(l -> l.startsWith("  .")).map(l -> l.split(" {3}= ", 2)[0]).toList();
      if (message.elements().isEmpty()) { // the body is given here even where the message has none for eval
         assertThat(run.lines().get(0)).startsWith("Type B body: none");
         assertThat(shown).isEmpty();
         return;
      }
      assertThat(run.lines().get(0)).isEqualTo("Type B body: " + message.smi() + ", " + message.elements().size()
            + (message.elements().size() == 1 ? " element" : " elements"));
      List<String> expected = message.elements().stream().sorted((a, b) -> Character.compare(a.letter(), b.letter()))
            .map(e -> "  ." + e.letter() + "/" + e.value()).toList(); // a stable sort keeps body order within a letter
      assertThat(shown).isEqualTo(expected);
   }

   private String json(String text) {
      return json.getNodeFactory().textNode(text).toString();
   }

   @Provide
   Arbitrary<List<Case>> cases() {
      return messages().flatMap(m -> Combinators.combine(condition(m).list().ofMinSize(1).ofMaxSize(3), Arbitraries.of(true, false))
            .as((conditions, and) -> new Case(m, conditions, and))).list().ofMinSize(1).ofMaxSize(12);
   }

   @Provide
   Arbitrary<Bsm> messages() {
      Arbitrary<String> field = Arbitraries.of(TOKENS);
      Arbitrary<Element> element = Combinators.combine(Arbitraries.of('F', 'N', 'O', 'V', 'E', 'P'),
            field.list().ofMinSize(1).ofMaxSize(5)).as(Element::new);
      Arbitrary<String> smi = Arbitraries.of("BSM", "BPM", "BTM");
      // heading lines are never an SMI; noise after the SMI is never an element nor the END line of BSM/BPM/BTM
      Arbitrary<String> heading = Arbitraries.of("QU SHAXXCA", "QU SHAXXCA\n.PEKXXCA 051200", ".F/DECOY1/01JAN", "bsm", "");
      Arbitrary<String> noise = Arbitraries.of(".f/LOWER1", "F/NODOT1", ". F/SPACE1", "..F/DOTS1", "ENDBS", "END", "XYZ",
            "", " .F/INDENT1", ".FF/TWO1", "ENDXYZ");
      // null: no END line (so nothing after it)
      Arbitrary<List<Element>> afterEnd = element.list().ofMaxSize(2).injectNull(0.5);
      return Combinators.combine(Arbitraries.of(true, true, true, true, false), heading, smi, element.list().ofMaxSize(8),
                  noise.list().ofMaxSize(4), afterEnd, Arbitraries.of("\r\n", "\n", "\r"), Arbitraries.integers().between(0, 3))
            .as((body, head, id, elements, noiseLines, after, lineEnd, spaces) -> new Bsm(body, head, id, elements, noiseLines,
                  after != null, after == null ? List.of() : after, lineEnd, spaces));
   }

   private Arbitrary<Condition> condition(Bsm message) {
      List<String> pool = new ArrayList<>(TOKENS.stream().filter(t -> !t.isEmpty()).toList());
      message.elements().forEach(e -> {
         if (!e.value().isEmpty()) {
            pool.add(e.value());
         }
         pool.add(e.value().toLowerCase());
      });
      pool.addAll(List.of("BSM", "BPM", "bsm", "CA", "09", "001", "ca12"));
      pool.removeIf(String::isEmpty);
      Arbitrary<Character> element = Arbitraries.of('\0', 'F', 'N', 'O', 'V', 'E', 'P', 'Q');
      return Combinators.combine(element, Arbitraries.integers().between(0, 6), Arbitraries.of(OPS),
            Arbitraries.of(pool).list().ofMinSize(1).ofMaxSize(3))
            .as((e, f, op, items) -> new Condition(e, e == 0 ? 0 : f, op, items));
   }
}
