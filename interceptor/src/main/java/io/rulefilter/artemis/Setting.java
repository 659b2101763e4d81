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
package io.rulefilter.artemis;

import io.rulefilter.artemis.log.PluginLogger;

import java.util.function.Function;

/**
 * One plugin setting, declared once: its key, type, default, how a value is read and checked, and one line of
 * documentation. {@link PluginSettings#SETTINGS} drives parsing, the error that lists the known keys, and the README's
 * settings table (checked by a test).
 *
 * @param parse reads a value; throws {@link IllegalArgumentException} with what was expected
 */
public record Setting<T>(String key, String type, T defaultValue, Function<String, T> parse, String description) {

   static Setting<String> text(String key, String defaultValue, String description) {
      return new Setting<>(key, "text", defaultValue, value -> {
         if (value.isBlank()) {
            throw new IllegalArgumentException("must not be empty");
         }
         return value.trim();
      }, description);
   }

   static Setting<Integer> positive(String key, int defaultValue, String description) {
      return new Setting<>(key, "whole number ≥ 1", defaultValue, value -> {
         Integer parsed = wholeNumber(value, Integer.MAX_VALUE);
         if (parsed == null) {
            throw new IllegalArgumentException("must be a whole number of at least 1");
         }
         return parsed;
      }, description);
   }

   static Setting<Integer> upTo(int max, String key, int defaultValue, String description) {
      return new Setting<>(key, "whole number 1–" + max, defaultValue, value -> {
         Integer parsed = wholeNumber(value, max);
         if (parsed == null) {
            throw new IllegalArgumentException("must be a whole number from 1 to " + max);
         }
         return parsed;
      }, description);
   }

   /** {@code value} as a whole number from 1 to {@code max}, or null. */
   private static Integer wholeNumber(String value, int max) {
      try {
         int parsed = Integer.parseInt(value.trim());
         return parsed >= 1 && parsed <= max ? parsed : null;
      } catch (NumberFormatException notANumber) {
         return null;
      }
   }

   static Setting<Boolean> bool(String key, boolean defaultValue, String description) {
      return new Setting<>(key, "true or false", defaultValue, value -> switch (value.trim()) {
         case "true" -> true;
         case "false" -> false;
         default -> throw new IllegalArgumentException("must be true or false");
      }, description);
   }

   /** The value of this setting in {@code value}, or the default when it is absent. */
   T read(String value) {
      if (value == null) {
         return defaultValue;
      }
      try {
         return parse.apply(value);
      } catch (IllegalArgumentException e) {
         throw PluginLogger.settingInvalid(key, e.getMessage(), value, e);
      }
   }

   /** This setting as a row of the README's settings table. */
   public String markdownRow() {
      return "| `" + key + "` | " + type + " | `" + defaultValue + "` | " + description + " |";
   }
}
