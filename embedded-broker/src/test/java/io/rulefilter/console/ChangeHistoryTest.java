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

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The console's change history as a restart finds it: read back from its file, bounded, past a damaged line. */
class ChangeHistoryTest {

   @Test
   void aNewHistoryOnTheSameFileListsTheChangesNewestFirst(@TempDir Path dir) {
      Path file = dir.resolve("changes.jsonl");
      ChangeHistory before = new ChangeHistory(file);
      before.add(entry("set rule", "airport.events::bags", "@tag beg MVA", "@tag beg BS", "admin", 1000));
      before.add(entry("removed address rule", "airport.events", "airline weq CA", null, "ops", 2000));

      JsonNode after = new ChangeHistory(file).list();
      assertThat(after).hasSize(2);
      assertThat(after.get(0).get("what").asText()).isEqualTo("removed address rule");
      assertThat(after.get(0).get("after").isNull()).isTrue();
      assertThat(after.get(1).toString()).isEqualTo("{\"what\":\"set rule\",\"target\":\"airport.events::bags\","
            + "\"before\":\"@tag beg MVA\",\"after\":\"@tag beg BS\",\"changedBy\":\"admin\",\"changedAt\":1000,"
            + "\"node\":\"n1\",\"origin\":\"this node\"}");
   }

   @Test
   void onlyTheLastEntriesAreKeptAndTheFileStaysBounded(@TempDir Path dir) throws Exception {
      Path file = dir.resolve("changes.jsonl");
      ChangeHistory history = new ChangeHistory(file);
      int made = 3 * ChangeHistory.MAX_ENTRIES + 7;
      for (int i = 0; i < made; i++) {
         history.add(entry("set rule", "a::q", "r" + i, "r" + (i + 1), "admin", i));
      }
      assertThat(Files.readAllLines(file)).hasSizeLessThanOrEqualTo(2 * ChangeHistory.MAX_ENTRIES);
      JsonNode restarted = new ChangeHistory(file).list();
      assertThat(restarted).hasSize(ChangeHistory.MAX_ENTRIES);
      assertThat(restarted.get(0).get("after").asText()).isEqualTo("r" + made);
      assertThat(restarted.get(ChangeHistory.MAX_ENTRIES - 1).get("changedAt").asLong())
            .isEqualTo(made - ChangeHistory.MAX_ENTRIES);
   }

   @Test
   void aDamagedLineIsSkippedAndTheRestIsKept(@TempDir Path dir) throws Exception {
      Path file = dir.resolve("changes.jsonl");
      new ChangeHistory(file).add(entry("set rule", "a::q", null, "x weq 1", "admin", 5));
      Files.writeString(file, "{\"what\": \"cut off by a crash", StandardCharsets.UTF_8, StandardOpenOption.APPEND);
      List<String> targets = new ArrayList<>();
      new ChangeHistory(file).list().forEach(entry -> targets.add(entry.get("target").asText()));
      assertThat(targets).containsExactly("a::q");
   }

   @Test
   void linesWrittenBeforeChangesHadAnOriginAreStillRead(@TempDir Path dir) throws Exception {
      Path file = dir.resolve("changes.jsonl");
      Files.writeString(file, "{\"what\":\"set rule\",\"target\":\"a::q\",\"before\":null,\"after\":\"x weq 1\","
            + "\"changedBy\":\"admin\",\"changedAt\":5,\"node\":\"n1\"}\n", StandardCharsets.UTF_8);
      ChangeHistory history = new ChangeHistory(file);
      history.add(entry("set rule", "a::q", "x weq 1", "x weq 2", "ops", 6));
      JsonNode restarted = new ChangeHistory(file).list();
      assertThat(restarted).hasSize(2);
      assertThat(restarted.get(0).get("origin").asText()).isEqualTo("this node");
      assertThat(restarted.get(1).get("after").asText()).isEqualTo("x weq 1");
      assertThat(restarted.get(1).has("origin")).isFalse();
   }

   /** An entry as {@link ChangeRecorder} writes it, made on node n1. */
   private static ObjectNode entry(String what, String target, String before, String after, String by, long at) {
      return JsonNodeFactory.instance.objectNode().put("what", what).put("target", target).put("before", before)
            .put("after", after).put("changedBy", by).put("changedAt", at).put("node", "n1")
            .put("origin", ChangeRecorder.THIS_NODE);
   }
}
