package io.rulefilter.artemis.routing;

import org.apache.activemq.artemis.core.filter.Filter;
import org.apache.activemq.artemis.selector.filter.Filterable;

import java.util.Map;

/** A filter that only decides on messages; Artemis's map and filterable forms never match it. */
abstract class MessageFilter implements Filter {

   @Override
   public final boolean match(Map<String, String> map) {
      return false;
   }

   @Override
   public final boolean match(Filterable filterable) {
      return false;
   }
}
