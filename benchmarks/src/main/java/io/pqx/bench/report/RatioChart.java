package io.pqx.bench.report;

import io.pqx.bench.Comparison;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.Paint;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.text.FieldPosition;
import java.text.NumberFormat;
import java.text.ParsePosition;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.LegendItem;
import org.jfree.chart.LegendItemCollection;
import org.jfree.chart.axis.CategoryAxis;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberTickUnit;
import org.jfree.chart.labels.CategoryItemLabelGenerator;
import org.jfree.chart.labels.ItemLabelAnchor;
import org.jfree.chart.labels.ItemLabelPosition;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.renderer.category.BarRenderer;
import org.jfree.chart.renderer.category.StandardBarPainter;
import org.jfree.chart.title.TextTitle;
import org.jfree.chart.ui.HorizontalAlignment;
import org.jfree.chart.ui.RectangleEdge;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.category.CategoryDataset;
import org.jfree.data.category.DefaultCategoryDataset;

/**
 * One chart of pqx's ratios against its peers: a horizontal bar per {@link Comparison}, from 1.0 to
 * its ratio on a logarithmic axis (so 2× faster and 2× slower are bars of the same length), a line
 * at 1.0, each bar labelled with the ratio and both figures, bars coloured by peer.
 *
 * <p>For throughputs a ratio above 1 means pqx is faster; for a comparison in {@code bytes} (heap
 * held) below 1 means pqx holds less: the bar's label says which way is better. Rendering needs no
 * display ({@code java.awt.headless=true}); the output is PNG.
 */
public final class RatioChart {

    /** Width of a rendered chart, pixels. */
    public static final int WIDTH = 1200;

    private static final int BAR_HEIGHT = 34;
    private static final Font NAME_FONT = new Font(Font.SANS_SERIF, Font.PLAIN, 12);
    private static final Font LABEL_FONT = new Font(Font.SANS_SERIF, Font.PLAIN, 11);
    private static final int FRAME_HEIGHT = 190;
    private static final Color[] PEER_COLOURS = {
        new Color(0x4e79a7), new Color(0xf28e2b), new Color(0x59a14f), new Color(0xe15759),
        new Color(0x76b7b2), new Color(0xedc948), new Color(0xb07aa1), new Color(0xff9da7),
        new Color(0x9c755f), new Color(0xbab0ac)
    };

    private final String title;
    private final List<String> subtitles;
    private final List<String> footnotes;
    private final List<Comparison> comparisons;

    /**
     * @param title the chart's title
     * @param subtitles lines under the title (source run, rows, date, commit)
     * @param footnotes lines under the chart (the run's floors)
     * @param comparisons the bars, top to bottom; at least one
     */
    public RatioChart(
            String title,
            List<String> subtitles,
            List<String> footnotes,
            List<Comparison> comparisons) {
        if (comparisons.isEmpty()) {
            throw new IllegalArgumentException("Cannot draw chart '" + title + "': no results");
        }
        this.title = title;
        this.subtitles = List.copyOf(subtitles);
        this.footnotes = List.copyOf(footnotes);
        this.comparisons = List.copyOf(comparisons);
    }

    /** The chart's height in pixels: grows with the number of bars. */
    public int height() {
        return FRAME_HEIGHT
                + 22 * (subtitles.size() + footnotes.size())
                + BAR_HEIGHT * comparisons.size();
    }

    /** Renders the chart to a PNG file of {@link #WIDTH} × {@link #height()} pixels. */
    public void writePng(Path file) throws IOException {
        ChartUtils.saveChartAsPNG(file.toFile(), chart(), WIDTH, height());
    }

    /** The chart, for rendering. */
    JFreeChart chart() {
        DefaultCategoryDataset data = new DefaultCategoryDataset();
        Map<String, Color> peerColours = new LinkedHashMap<>();
        List<Color> barColours = new ArrayList<>();
        double low = 1;
        double high = 1;
        for (Comparison c : comparisons) {
            double ratio = c.ratio();
            if (!(ratio > 0) || Double.isInfinite(ratio)) {
                continue; // a zero or missing figure has no place on a log axis
            }
            data.addValue(ratio, "ratio", category(c));
            Color colour =
                    peerColours.computeIfAbsent(
                            c.peer(), p -> PEER_COLOURS[peerColours.size() % PEER_COLOURS.length]);
            barColours.add(colour);
            low = Math.min(low, ratio);
            high = Math.max(high, ratio);
        }

        LogAxis ratioAxis = new LogAxis("ratio pqx / peer (log scale; line at 1.0)");
        ratioAxis.setBase(10);
        ratioAxis.setNumberFormatOverride(new RatioFormat());
        double[] range = axisRange(low, high);
        ratioAxis.setRange(range[0], range[1]);
        ratioAxis.setTickUnit(new NumberTickUnit(tickStep(range[0], range[1])));

        CategoryAxis names = new CategoryAxis();
        names.setMaximumCategoryLabelWidthRatio(0.3f);
        names.setTickLabelFont(NAME_FONT);

        LabelledBarRenderer renderer = new LabelledBarRenderer(barColours);
        renderer.setBase(1.0);
        renderer.setBarPainter(new StandardBarPainter());
        renderer.setShadowVisible(false);
        renderer.setMaximumBarWidth(0.7);
        renderer.setDefaultItemLabelGenerator(new FiguresLabel());
        renderer.setDefaultItemLabelsVisible(true);
        renderer.setDefaultItemLabelFont(LABEL_FONT);
        renderer.setDefaultPositiveItemLabelPosition(
                new ItemLabelPosition(ItemLabelAnchor.OUTSIDE3, TextAnchor.CENTER_LEFT));
        renderer.setDefaultNegativeItemLabelPosition(
                new ItemLabelPosition(ItemLabelAnchor.OUTSIDE9, TextAnchor.CENTER_RIGHT));

        CategoryPlot plot = new CategoryPlot(data, names, ratioAxis, renderer);
        plot.setOrientation(PlotOrientation.HORIZONTAL);
        plot.setBackgroundPaint(Color.WHITE);
        plot.setRangeGridlinePaint(new Color(0xdddddd));
        plot.setRangeGridlinesVisible(true);
        ValueMarker one = new ValueMarker(1.0, Color.BLACK, new BasicStroke(1.5f));
        plot.addRangeMarker(one);
        LegendItemCollection legend = new LegendItemCollection();
        peerColours.forEach(
                (peer, colour) ->
                        legend.add(
                                new LegendItem(
                                        "peer: " + peer,
                                        null,
                                        null,
                                        null,
                                        new Rectangle2D.Double(-5, -5, 10, 10),
                                        colour)));
        plot.setFixedLegendItems(legend);

        JFreeChart chart =
                new JFreeChart(title, new Font(Font.SANS_SERIF, Font.BOLD, 16), plot, true);
        chart.setBackgroundPaint(Color.WHITE);
        for (int i = 0; i < subtitles.size(); i++) {
            chart.addSubtitle(
                    i, new TextTitle(subtitles.get(i), new Font(Font.SANS_SERIF, Font.PLAIN, 11)));
        }
        // Bottom titles stack upwards from the legend: add the last line first.
        for (int i = footnotes.size() - 1; i >= 0; i--) {
            TextTitle line =
                    new TextTitle(footnotes.get(i), new Font(Font.SANS_SERIF, Font.PLAIN, 11));
            line.setPosition(RectangleEdge.BOTTOM);
            line.setHorizontalAlignment(HorizontalAlignment.LEFT);
            chart.addSubtitle(line);
        }
        return chart;
    }

    /**
     * The axis range, in ratios, that leaves room beside every bar's free end for its label, from
     * the labels' widths in the label font: a label must fit between its bar's end and the plot's
     * edge. Settles in a few rounds, since more room on the axis shrinks every bar.
     */
    private double[] axisRange(double low, double high) {
        BufferedImage scratch = new BufferedImage(1, 1, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = scratch.createGraphics();
        try {
            FontMetrics labels = g.getFontMetrics(LABEL_FONT);
            FontMetrics names = g.getFontMetrics(NAME_FONT);
            int nameWidth = 0;
            for (Comparison c : comparisons) {
                nameWidth = Math.max(nameWidth, names.stringWidth(category(c)));
            }
            // The plot's width: the chart less the category labels (at most 30 %) and margins.
            double plot = WIDTH - Math.min(nameWidth, 0.3 * WIDTH) - 80;
            double lo = Math.log10(low);
            double hi = Math.log10(high);
            double padLeft = 0.1;
            double padRight = 0.1;
            for (int round = 0; round < 20; round++) {
                double decades = hi - lo + padLeft + padRight;
                double perDecade = plot / decades;
                double needLeft = 0.1;
                double needRight = 0.1;
                for (Comparison c : comparisons) {
                    double ratio = c.ratio();
                    if (!(ratio > 0) || Double.isInfinite(ratio)) {
                        continue;
                    }
                    double text = (labels.stringWidth(label(c)) + 12) / perDecade;
                    double v = Math.log10(ratio);
                    if (ratio >= 1) {
                        needRight = Math.max(needRight, text - (hi - v));
                    } else {
                        needLeft = Math.max(needLeft, text - (v - lo));
                    }
                }
                padLeft = needLeft;
                padRight = needRight;
            }
            return new double[] {Math.pow(10, lo - padLeft), Math.pow(10, hi + padRight)};
        } finally {
            g.dispose();
        }
    }

    /**
     * The distance between ticks, in powers of ten: doublings (ticks at 0.25, 0.5, 1, 2, 4...) over
     * up to 4 decades, else one or more whole decades, so that about a dozen labels fit.
     */
    static double tickStep(double lower, double upper) {
        double decades = Math.log10(upper / lower);
        if (decades <= 4) {
            return Math.log10(2);
        }
        return Math.max(1, Math.ceil(decades / 12));
    }

    /**
     * A bar's name: the measurement's, with its peer added only when another bar has the same name
     * (the dataset keys bars by name, and the label names the peer anyway).
     */
    private String category(Comparison c) {
        long same = comparisons.stream().filter(o -> o.name().equals(c.name())).count();
        return same > 1 ? c.name() + " (vs " + c.peer() + ")" : c.name();
    }

    /** Whether a lower figure is pqx's advantage: sizes held, not throughputs. */
    static boolean lowerIsBetter(Comparison c) {
        return c.unit().equals("bytes");
    }

    /** A bar's label: the ratio, which way is better, and both figures with their unit. */
    static String label(Comparison c) {
        return String.format(
                Locale.ROOT,
                "%sx%s  pqx %s, %s %s %s",
                ratio(c.ratio()),
                lowerIsBetter(c) ? " (below 1: pqx holds less)" : "",
                figure(c.pqxRowsPerSecond()),
                c.peer(),
                figure(c.peerRowsPerSecond()),
                c.unit());
    }

    /** A tick's value, as {@link RatioFormat} writes it. */
    static String tick(double value) {
        if (value < 0.01 || value >= 1e4) {
            return String.format(Locale.ROOT, "%.0e", value);
        }
        return new BigDecimal(String.format(Locale.ROOT, "%.3g", value))
                .stripTrailingZeros()
                .toPlainString();
    }

    /** A ratio with two decimals, or three significant digits when that would show nothing. */
    static String ratio(double ratio) {
        if (ratio >= 1e4) {
            return String.format(Locale.ROOT, "%.3g", ratio);
        }
        if (ratio >= 10) {
            return String.format(Locale.ROOT, "%.1f", ratio);
        }
        if (ratio >= 0.1) {
            return String.format(Locale.ROOT, "%.2f", ratio);
        }
        return String.format(Locale.ROOT, "%.3g", ratio);
    }

    /** A figure in three significant digits with k, M or G. */
    static String figure(double value) {
        double abs = Math.abs(value);
        if (abs >= 1e9) {
            return String.format(Locale.ROOT, "%.3gG", value / 1e9);
        }
        if (abs >= 1e6) {
            return String.format(Locale.ROOT, "%.3gM", value / 1e6);
        }
        if (abs >= 1e3) {
            return String.format(Locale.ROOT, "%.3gk", value / 1e3);
        }
        return String.format(Locale.ROOT, "%.3g", value);
    }

    /**
     * Tick labels: three significant digits without trailing zeros ({@code 0.25x}, {@code 1x},
     * {@code 16x}), and powers of ten as {@code 1e-05x} beyond 0.01 to 10,000.
     */
    private static final class RatioFormat extends NumberFormat {
        private static final long serialVersionUID = 1L;

        @Override
        public StringBuffer format(double number, StringBuffer out, FieldPosition position) {
            return out.append(tick(number)).append('x');
        }

        @Override
        public StringBuffer format(long number, StringBuffer out, FieldPosition position) {
            return format((double) number, out, position);
        }

        @Override
        public Number parse(String source, ParsePosition position) {
            throw new UnsupportedOperationException("tick labels are not parsed");
        }
    }

    /** Labels each bar from the comparison behind it. */
    private final class FiguresLabel implements CategoryItemLabelGenerator {
        @Override
        public String generateRowLabel(CategoryDataset dataset, int row) {
            return String.valueOf(dataset.getRowKey(row));
        }

        @Override
        public String generateColumnLabel(CategoryDataset dataset, int column) {
            return String.valueOf(dataset.getColumnKey(column));
        }

        @Override
        public String generateLabel(CategoryDataset dataset, int row, int column) {
            String key = String.valueOf(dataset.getColumnKey(column));
            for (Comparison c : comparisons) {
                if (category(c).equals(key)) {
                    return label(c);
                }
            }
            return "";
        }
    }

    /**
     * Bars coloured one by one, and labels put beyond the bar's free end: right of a bar above 1.0,
     * left of one below (JFreeChart's own choice looks at the sign of the value, not at the base).
     */
    private static final class LabelledBarRenderer extends BarRenderer {
        private static final long serialVersionUID = 1L;
        private final List<Color> colours;

        LabelledBarRenderer(List<Color> colours) {
            this.colours = List.copyOf(colours);
        }

        @Override
        public Paint getItemPaint(int row, int column) {
            return column < colours.size() ? colours.get(column) : Color.GRAY;
        }

        @Override
        protected void drawItemLabel(
                Graphics2D g2,
                CategoryDataset dataset,
                int row,
                int column,
                CategoryPlot plot,
                CategoryItemLabelGenerator generator,
                Rectangle2D bar,
                boolean negative) {
            Number value = dataset.getValue(row, column);
            boolean belowBase = value != null && value.doubleValue() < getBase();
            super.drawItemLabel(g2, dataset, row, column, plot, generator, bar, belowBase);
        }
    }
}
