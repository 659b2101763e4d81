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
package io.rulefilter.console;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;

/**
 * The recent changes of rules, switches and address rules in force on this node, newest first, each one JSON object:
 * {@code what}, {@code target}, old rule {@code before} → new rule {@code after}, {@code changedBy}, {@code changedAt},
 * {@code node} and, since the history is fed by {@link ChangeRecorder}, {@code origin} (older lines lack it: this
 * node, {@code node <name>} for a change taken from that node, which {@code from} names too, or another cluster node
 * when it did not say which). Bounded,
 * so that a busy day cannot grow it without end, and kept in a file of one JSON object a line, so that a restart keeps
 * it. The file is the console's record, not the broker's: a write that fails is logged and the change (already in
 * force) still stands.
 */
final class ChangeHistory {

   static final int MAX_ENTRIES = 200;
   private static final Logger LOG = LoggerFactory.getLogger(ChangeHistory.class);
   private static final ObjectMapper JSON = new ObjectMapper();

   private final Deque<ObjectNode> entries = new ArrayDeque<>();
   private final Path file;
   private int linesInFile;

   /** @param file where the history is kept; null: in memory only */
   ChangeHistory(Path file) {
      this.file = file;
      if (file != null && Files.exists(file)) {
         load();
      }
   }

   private void load() {
      try {
         List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
         linesInFile = lines.size();
         for (String line : lines) {
            try {
               JsonNode entry = JSON.readTree(line);
               if (entry instanceof ObjectNode object) {
                  remember(object);
               }
            } catch (JsonProcessingException e) { // a line cut off by a crash: the others still stand
               LOG.warn("RuleFilter console: skipped a line of {} that is not JSON ({})", file, e.getOriginalMessage());
            }
         }
      } catch (IOException e) {
         LOG.warn("RuleFilter console: could not read the change history {}: {}", file, e.toString());
      }
   }
   /** Keeps {@code entry}, the newest change, and writes it to the file. */
   synchronized void add(ObjectNode entry) {
      remember(entry);
      keep(entry);
   }

   private void remember(ObjectNode entry) {
      entries.addFirst(entry);
      while (entries.size() > MAX_ENTRIES) {
         entries.removeLast();
      }
   }

   /** Appends the entry; once the file holds twice the entries kept, it is rewritten with those alone. */
   private void keep(ObjectNode entry) {
      if (file == null) {
         return;
      }
      try {
         if (linesInFile >= 2 * MAX_ENTRIES) {
            StringBuilder kept = new StringBuilder();
            entries.descendingIterator().forEachRemaining(e -> kept.append(e).append('\n'));
            Path next = file.resolveSibling(file.getFileName() + ".next");
            Files.writeString(next, kept, StandardCharsets.UTF_8);
            Files.move(next, file, StandardCopyOption.REPLACE_EXISTING,
                  StandardCopyOption.ATOMIC_MOVE);
            linesInFile = entries.size();
         } else {
            Files.writeString(file, entry + "\n", StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                  StandardOpenOption.APPEND);
            linesInFile++;
         }
      } catch (IOException e) {
         LOG.warn("RuleFilter console: could not keep a change in {}: {}", file, e.toString());
      }
   }

   synchronized ArrayNode list() {
      ArrayNode list = JsonNodeFactory.instance.arrayNode();
      entries.forEach(entry -> list.add(entry.deepCopy()));
      return list;
   }

}
