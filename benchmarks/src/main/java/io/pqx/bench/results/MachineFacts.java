package io.pqx.bench.results;

import java.lang.management.ManagementFactory;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a run's figures depend on besides the code: cores, heap limit, Java, operating system, the
 * system load average when the run started (the machine may be shared) and the JVM's options.
 * Immutable.
 *
 * @param cores processors available to the JVM
 * @param maxHeapBytes the JVM's heap limit
 * @param javaVersion {@code java.runtime.version}
 * @param javaVm {@code java.vm.name}
 * @param os operating system name, version and architecture
 * @param loadAverage the system load average of the last minute at the start, or a negative number
 *     where the platform gives none
 * @param jvmArguments the JVM's input arguments
 */
public record MachineFacts(
        int cores,
        long maxHeapBytes,
        String javaVersion,
        String javaVm,
        String os,
        double loadAverage,
        List<String> jvmArguments) {

    public MachineFacts {
        jvmArguments = List.copyOf(jvmArguments);
    }

    /** This JVM's facts, now. */
    public static MachineFacts current() {
        Runtime runtime = Runtime.getRuntime();
        return new MachineFacts(
                runtime.availableProcessors(),
                runtime.maxMemory(),
                System.getProperty("java.runtime.version"),
                System.getProperty("java.vm.name"),
                System.getProperty("os.name")
                        + " "
                        + System.getProperty("os.version")
                        + " "
                        + System.getProperty("os.arch"),
                ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage(),
                ManagementFactory.getRuntimeMXBean().getInputArguments());
    }

    Map<String, Object> toJson() {
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("cores", cores);
        map.put("max_heap_bytes", maxHeapBytes);
        map.put("java_version", javaVersion);
        map.put("java_vm", javaVm);
        map.put("os", os);
        map.put("load_average_at_start", loadAverage);
        map.put("jvm_arguments", jvmArguments);
        return map;
    }

    static MachineFacts fromJson(Map<String, Object> map) {
        return new MachineFacts(
                JsonFields.number(map, "cores").intValue(),
                JsonFields.number(map, "max_heap_bytes").longValue(),
                JsonFields.text(map, "java_version"),
                JsonFields.text(map, "java_vm"),
                JsonFields.text(map, "os"),
                JsonFields.optionalNumber(map, "load_average_at_start", -1),
                JsonFields.texts(map, "jvm_arguments"));
    }
}
