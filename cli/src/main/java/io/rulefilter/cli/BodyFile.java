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

import io.rulefilter.typeb.TypeBParser;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A body read from a file as the contract reads bytes: UTF-8 text of at most {@link TypeBParser#MAX_BYTES}, or no
 * text, with the reason. Only one byte past the limit is ever read, so a huge file costs nothing.
 *
 * @param text    the body's text, or {@code null} when it is too large or not UTF-8
 * @param notText why there is no text, or {@code null}
 */
record BodyFile(String text, String notText) {

   /** Reads {@code path}, or stdin for {@code -} (left open: it is not ours to close). */
   static BodyFile read(String path) throws IOException {
      if (path.equals("-")) {
         return of(System.in.readNBytes(TypeBParser.MAX_BYTES + 1));
      }
      try (InputStream in = Files.newInputStream(Path.of(path))) {
         return of(in.readNBytes(TypeBParser.MAX_BYTES + 1));
      }
   }

   static BodyFile of(byte[] bytes) {
      if (bytes.length > TypeBParser.MAX_BYTES) {
         return new BodyFile(null, "the body is more than the " + TypeBParser.MAX_BYTES + " bytes read");
      }
      try {
         return new BodyFile(StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
               .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString(), null);
      } catch (CharacterCodingException e) {
         return new BodyFile(null, "the body is not UTF-8 text");
      }
   }
}
