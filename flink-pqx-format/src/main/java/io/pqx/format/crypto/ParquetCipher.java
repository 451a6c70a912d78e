package io.pqx.format.crypto;

import org.apache.flink.annotation.PublicEvolving;

/**
 * The encryption algorithms of Parquet modular encryption a writer can choose: {@link #AES_GCM_V1}
 * authenticates every module (pages included) with AES-GCM; {@link #AES_GCM_CTR_V1} encrypts page
 * bodies with AES-CTR (faster, not authenticated) and every other module with AES-GCM.
 */
@PublicEvolving
public enum ParquetCipher {
    AES_GCM_V1,
    AES_GCM_CTR_V1
}
