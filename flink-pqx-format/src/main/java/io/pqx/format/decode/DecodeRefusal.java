package io.pqx.format.decode;

/**
 * pqx's own refusal of a decoded value, raised from inside the column readers' loops (whose
 * interfaces cannot throw checked exceptions) after pqx checked the value itself, e.g. a DECIMAL
 * value with more digits than its precision. {@link DecodeFailure} turns it into a {@code
 * CorruptFileException} carrying {@link #getMessage()} as the reason and no cause: it is not a
 * decoder's failure but pqx's verdict. No stack trace (it is never shown).
 */
final class DecodeRefusal extends RuntimeException {
    private static final long serialVersionUID = 1L;

    DecodeRefusal(String reason) {
        super(reason, null, false, false);
    }
}
