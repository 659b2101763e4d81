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
package io.rulefilter.message;

import io.rulefilter.typeb.TypeBMessage;

/**
 * A message as rules see it: a tag and attributes; the body only as Type B content, where {@link #typeB()} offers
 * it. Implementations adapt a broker message without copying it; they are read on the routing path, so they should
 * not allocate.
 */
public interface MessageView {

   /** The tag (e.g. {@code BSM}) as text, or {@code null} when the message has none. */
   CharSequence tag();

   /**
    * The value of an attribute: a {@link CharSequence}, {@link Boolean}, {@link Byte}, {@link Short},
    * {@link Integer}, {@link Long}, {@link Float} or {@link Double}; {@code null} when absent. Reserved keys
    * (see {@link MessageModel}) are never asked for.
    */
   Object attribute(AttributeKey key);

   /**
    * True when {@code test} accepts at least one attribute key. A key whose value is null does not exist and is never
    * passed; views may pass reserved keys, which rules skip.
    */
   boolean anyKey(KeyTest test);

   /**
    * The body's Type B content (version 2, {@code @typeb} subjects), or {@code null} when the body is not read or is
    * not a Type B message. Views that offer it parse a body at most once, however many rules ask.
    */
   default TypeBMessage typeB() {
      return null;
   }

   /** A test of one attribute key. */
   @FunctionalInterface
   interface KeyTest {
      boolean test(CharSequence key);
   }
}
