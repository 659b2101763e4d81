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
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/** The pages users read, from this module's directory: the README, the manual's chapters (docs/), the benchmarks'. */
final class Docs {

   static final Path README = Path.of("../README.md");
   static final Path INSTALL = Path.of("../docs/install.md");
   static final Path BROKER_PROPERTIES = Path.of("../docs/broker-properties.md");
   static final Path PROTOCOLS = Path.of("../docs/protocols.md");
   static final Path CLUSTERS = Path.of("../docs/clusters.md");
   static final Path OPERATIONS = Path.of("../docs/operations.md");
   static final Path BENCHMARKS = Path.of("../benchmarks/README.md");

   private Docs() {
   }

   static String read(Path page) throws IOException {
      return Files.readString(page, StandardCharsets.UTF_8);
   }

   /** The README, every chapter of the manual and the benchmarks' page. */
   static List<Path> all() throws IOException {
      List<Path> pages = new ArrayList<>(List.of(README, BENCHMARKS));
      try (Stream<Path> docs = Files.list(Path.of("../docs"))) {
         docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(pages::add);
      }
      return pages;
   }

   /** The section of {@code page} from its heading {@code heading} up to the next heading of its level or above. */
   static String section(Path page, String heading) throws IOException {
      String text = read(page);
      int start = text.indexOf("\n" + heading + "\n");
      if (start < 0) {
         throw new IllegalStateException(page + " has no heading '" + heading + "'");
      }
      String level = heading.substring(0, heading.indexOf(' ') + 1);
      int end = start + 1;
      do {
         end = text.indexOf("\n#", end + 1);
      } while (end >= 0 && !headingAtOrAbove(text.substring(end + 1), level.length() - 1));
      return text.substring(start + 1, end < 0 ? text.length() : end);
   }

   private static boolean headingAtOrAbove(String from, int level) {
      int hashes = 0;
      while (hashes < from.length() && from.charAt(hashes) == '#') {
         hashes++;
      }
      return hashes <= level && hashes < from.length() && from.charAt(hashes) == ' ';
   }
}
