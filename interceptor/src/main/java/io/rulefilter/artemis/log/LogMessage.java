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

import org.slf4j.Logger;
import org.slf4j.helpers.MessageFormatter;

/**
 * One message of a log bundle: its id, its level and its text, said through the bundle's logger as
 * {@code RFLnnnn RuleFilter: text}. Arguments follow SLF4J: {@code {}} placeholders in order, and a last
 * {@link Throwable} beyond them is logged with its stack trace.
 */
final class LogMessage {

   /** How a message reaches operators: logged at a level, or carried by an exception the plugin throws. */
   enum Level { DEBUG, INFO, WARN, ERROR, THROWN }

   private final Logger logger;
   private final int id;
   private final Level level;
   private final String text;
   private final String format;

   private LogMessage(Logger logger, int id, Level level, String text) {
      this.logger = logger;
      this.id = id;
      this.level = level;
      this.text = text;
      this.format = idText(id) + " RuleFilter: " + text;
   }

   static LogMessage debug(Logger logger, int id, String text) {
      return new LogMessage(logger, id, Level.DEBUG, text);
   }

   static LogMessage info(Logger logger, int id, String text) {
      return new LogMessage(logger, id, Level.INFO, text);
   }

   static LogMessage warn(Logger logger, int id, String text) {
      return new LogMessage(logger, id, Level.WARN, text);
   }

   static LogMessage error(Logger logger, int id, String text) {
      return new LogMessage(logger, id, Level.ERROR, text);
   }

   /** A message the plugin throws rather than logs: {@link #formatted} is the exception's message. */
   static LogMessage thrown(Logger logger, int id, String text) {
      return new LogMessage(logger, id, Level.THROWN, text);
   }

   /** The id as operators see it and alert on: {@code RFL} and four digits. */
   static String idText(int id) {
      return String.format("RFL%04d", id);
   }

   int id() {
      return id;
   }

   Level level() {
      return level;
   }

   String text() {
      return text;
   }

   /** What is logged, before SLF4J fills the placeholders: the id, {@code RuleFilter:} and the text. */
   String format() {
      return format;
   }

   /** The message with its placeholders filled as SLF4J fills them, for an exception the plugin throws. */
   String formatted(Object... arguments) {
      return MessageFormatter.arrayFormat(format, arguments, null).getMessage();
   }

   void log(Object... arguments) {
      switch (level) {
         case DEBUG -> logger.debug(format, arguments);
         case INFO -> logger.info(format, arguments);
         case WARN -> logger.warn(format, arguments);
         case ERROR -> logger.error(format, arguments);
         case THROWN -> throw new IllegalStateException(idText(id) + " is thrown, not logged");
      }
   }
}
