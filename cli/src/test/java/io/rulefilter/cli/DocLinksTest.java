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

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every relative link of the README, the manual (docs/) and the benchmarks' page leads somewhere: its file exists and,
 * for a {@code #anchor}, that file has a heading with that anchor as GitHub makes it.
 */
class DocLinksTest {

   private static final Path ROOT = Path.of("..");
   /** An inline link's target, up to an optional title. */
   private static final Pattern LINK = Pattern.compile("\\]\\(([^)\\s]+)(?:\\s+\"[^\"]*\")?\\)");
   private static final Pattern CODE_SPAN = Pattern.compile("`[^`]*`");
   private static final Pattern HEADING = Pattern.compile("^#{1,6}\\s+(.*?)\\s*#*$");

   @Test
   void everyRelativeLinkFindsItsFileAndHeading() throws IOException {
      List<String> broken = new ArrayList<>();
      List<Path> pages = pages();
      int links = 0;
      for (Path page : pages) {
         List<String> lines = Files.readAllLines(page, StandardCharsets.UTF_8);
         for (int i = 0; i < lines.size(); i++) {
            for (String target : targets(lines.get(i), lines, i)) {
               if (target.matches("^[a-zA-Z][a-zA-Z+.-]*:.*")) {
                  continue; // https:, mailto: — not ours to check
               }
               links++;
               String where = ROOT.relativize(page) + ":" + (i + 1) + " " + target;
               int hash = target.indexOf('#');
               String file = hash < 0 ? target : target.substring(0, hash);
               Path linked = file.isEmpty() ? page : page.getParent().resolve(file).normalize();
               if (!Files.exists(linked)) {
                  broken.add(where + ": no file " + linked);
               } else if (hash >= 0 && !anchors(linked).contains(target.substring(hash + 1))) {
                  broken.add(where + ": no heading with that anchor in " + linked);
               }
            }
         }
      }
      assertThat(links).as("relative links found").isGreaterThan(20);
      assertThat(broken).as("broken links").isEmpty();
      assertThat(pages).as("pages checked").contains(ROOT.resolve("README.md"), ROOT.resolve("docs/README.md"));
   }

   /** GitHub's anchors: the heading lower-cased, punctuation dropped, spaces made hyphens; repeats numbered. */
   @Test
   void anchorsAreMadeAsGitHubMakesThem() {
      assertThat(anchorsOf(List.of("## The `rulefilter` command", "### 10,000 subscriptions", "## Set up", "## Set up",
            "# Artemis features and RuleFilter", "```", "# not a heading", "```")))
            .containsExactlyInAnyOrder("the-rulefilter-command", "10000-subscriptions", "set-up", "set-up-1",
                  "artemis-features-and-rulefilter");
   }

   private static List<Path> pages() throws IOException {
      List<Path> pages = new ArrayList<>(List.of(ROOT.resolve("README.md"), ROOT.resolve("benchmarks/README.md")));
      try (Stream<Path> docs = Files.list(ROOT.resolve("docs"))) {
         docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(pages::add);
      }
      return pages;
   }

   /** The link targets on line {@code i}, none inside a fenced code block or a code span. */
   private static List<String> targets(String line, List<String> lines, int i) {
      if (inFence(lines, i)) {
         return List.of();
      }
      List<String> targets = new ArrayList<>();
      Matcher link = LINK.matcher(CODE_SPAN.matcher(line).replaceAll(""));
      while (link.find()) {
         targets.add(link.group(1));
      }
      return targets;
   }

   private static boolean inFence(List<String> lines, int i) {
      boolean in = false;
      for (int j = 0; j <= i; j++) {
         if (lines.get(j).strip().startsWith("```")) {
            in = !in;
         }
      }
      return in || lines.get(i).strip().startsWith("```");
   }

   private static final Map<Path, Set<String>> ANCHORS = new HashMap<>();

   private static Set<String> anchors(Path page) throws IOException {
      Set<String> known = ANCHORS.get(page);
      if (known == null) {
         known = page.toString().endsWith(".md") ? anchorsOf(Files.readAllLines(page, StandardCharsets.UTF_8)) : Set.of();
         ANCHORS.put(page, known);
      }
      return known;
   }

   static Set<String> anchorsOf(List<String> lines) {
      Set<String> anchors = new HashSet<>();
      Map<String, Integer> seen = new HashMap<>();
      boolean fenced = false;
      for (String line : lines) {
         if (line.strip().startsWith("```")) {
            fenced = !fenced;
            continue;
         }
         Matcher heading = HEADING.matcher(line);
         if (fenced || !heading.matches()) {
            continue;
         }
         String anchor = heading.group(1).toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N}\\p{M} _-]", "")
               .replace(' ', '-');
         int repeat = seen.merge(anchor, 1, Integer::sum) - 1;
         anchors.add(repeat == 0 ? anchor : anchor + "-" + repeat);
      }
      return anchors;
   }
}
