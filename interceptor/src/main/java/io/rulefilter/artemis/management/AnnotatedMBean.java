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
package io.rulefilter.artemis.management;

import org.apache.activemq.artemis.api.core.management.Attribute;
import org.apache.activemq.artemis.api.core.management.Operation;
import org.apache.activemq.artemis.api.core.management.Parameter;

import javax.management.MBeanAttributeInfo;
import javax.management.MBeanOperationInfo;
import javax.management.MBeanParameterInfo;
import javax.management.NotCompliantMBeanException;
import javax.management.StandardMBean;
import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.util.Arrays;

/**
 * A standard MBean that shows JMX clients (the web console's JMX tab, over Jolokia) the names, descriptions and impact
 * written on its interface with Artemis's own {@link Operation}, {@link Parameter} and {@link Attribute} annotations,
 * where plain JMX would show {@code p1}, {@code p2} and no word. Artemis's own controls do the same.
 */
abstract class AnnotatedMBean extends StandardMBean {

   private final Class<?> mbeanInterface;

   AnnotatedMBean(Class<?> mbeanInterface) throws NotCompliantMBeanException {
      super(mbeanInterface);
      this.mbeanInterface = mbeanInterface;
   }

   @Override
   protected String getDescription(MBeanOperationInfo info) {
      Operation operation = annotated(info, Operation.class);
      return operation == null ? super.getDescription(info) : operation.desc();
   }

   @Override
   protected int getImpact(MBeanOperationInfo info) {
      Operation operation = annotated(info, Operation.class);
      return operation == null ? super.getImpact(info) : operation.impact();
   }

   @Override
   protected String getParameterName(MBeanOperationInfo op, MBeanParameterInfo param, int sequence) {
      Parameter parameter = parameter(op, sequence);
      return parameter == null ? super.getParameterName(op, param, sequence) : parameter.name();
   }

   @Override
   protected String getDescription(MBeanOperationInfo op, MBeanParameterInfo param, int sequence) {
      Parameter parameter = parameter(op, sequence);
      return parameter == null ? super.getDescription(op, param, sequence) : parameter.desc();
   }

   @Override
   protected String getDescription(MBeanAttributeInfo info) {
      for (String prefix : new String[] {"get", "is"}) {
         try {
            Attribute attribute = mbeanInterface.getMethod(prefix + info.getName()).getAnnotation(Attribute.class);
            if (attribute != null) {
               return attribute.desc();
            }
         } catch (NoSuchMethodException e) {
            // the other prefix
         }
      }
      return super.getDescription(info);
   }

   private Parameter parameter(MBeanOperationInfo op, int sequence) {
      Method method = method(op);
      if (method == null) {
         return null;
      }
      return Arrays.stream(method.getParameterAnnotations()[sequence]).filter(Parameter.class::isInstance)
            .map(Parameter.class::cast).findFirst().orElse(null);
   }

   private <A extends Annotation> A annotated(MBeanOperationInfo op, Class<A> type) {
      Method method = method(op);
      return method == null ? null : method.getAnnotation(type);
   }

   /** The interface's method behind {@code op}: the same name and parameter types (overloads differ in them). */
   private Method method(MBeanOperationInfo op) {
      String[] signature = Arrays.stream(op.getSignature()).map(MBeanParameterInfo::getType).toArray(String[]::new);
      for (Method method : mbeanInterface.getMethods()) {
         if (method.getName().equals(op.getName()) && Arrays.equals(signature,
               Arrays.stream(method.getParameterTypes()).map(Class::getName).toArray(String[]::new))) {
            return method;
         }
      }
      return null;
   }
}
