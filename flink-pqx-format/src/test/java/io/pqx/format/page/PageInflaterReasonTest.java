package io.pqx.format.page;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import org.junit.jupiter.api.Test;

class PageInflaterReasonTest {

    @Test
    void dropsThriftsIdentityHashSoMessagesRepeat() {
        IOException thrift =
                new IOException(
                        "can not read class org.apache.parquet.format.PageHeader: "
                                + "Required field 'num_rows' was not found in serialized data! Struct: "
                                + "org.apache.parquet.format.DataPageHeaderV2$DataPageHeaderV2StandardScheme@409986fe");
        assertThat(PageInflater.reason(thrift))
                .isEqualTo(
                        "can not read class org.apache.parquet.format."
                                + "PageHeader: Required field 'num_rows' was not found in serialized data!");
    }

    @Test
    void keepsOtherMessagesAndNamesMessagelessExceptions() {
        assertThat(PageInflater.reason(new IOException("Unknown frame descriptor")))
                .isEqualTo("Unknown frame descriptor");
        assertThat(PageInflater.reason(new IllegalStateException()))
                .isEqualTo("IllegalStateException");
    }
}
