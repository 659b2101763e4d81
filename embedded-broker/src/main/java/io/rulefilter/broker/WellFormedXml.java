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
package io.rulefilter.broker;

import org.xml.sax.ErrorHandler;
import org.xml.sax.SAXException;
import org.xml.sax.SAXParseException;

import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import java.io.IOException;
import java.nio.file.Path;

/**
 * A given broker.xml must be well-formed XML before Artemis reads it: Artemis's parser prints "[Fatal Error]" and
 * fails with an exception, where a user needs the file, line and column.
 */
final class WellFormedXml {

   private WellFormedXml() {
   }

   /** @throws IOException naming the file, line and column of the first error */
   static void require(Path file) throws IOException {
      try {
         DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
         factory.setNamespaceAware(true);
         factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
         factory.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
         var builder = factory.newDocumentBuilder();
         builder.setErrorHandler(new Quiet()); // the default handler writes to stderr
         builder.parse(file.toFile());
      } catch (SAXParseException e) {
         throw new IOException(file + " line " + e.getLineNumber() + ", column " + e.getColumnNumber()
               + ": not well-formed XML: " + e.getMessage());
      } catch (SAXException | ParserConfigurationException e) {
         throw new IOException(file + ": not readable as XML: " + e.getMessage());
      }
   }

   /** Errors become exceptions only, with nothing printed. */
   private static final class Quiet implements ErrorHandler {
      @Override
      public void warning(SAXParseException e) {
         // a warning does not stop Artemis either
      }

      @Override
      public void error(SAXParseException e) {
         // not validating: only well-formedness counts here
      }

      @Override
      public void fatalError(SAXParseException e) throws SAXException {
         throw e;
      }
   }
}
