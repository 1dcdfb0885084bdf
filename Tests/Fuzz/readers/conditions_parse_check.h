/*
 * The check both C harnesses make of conditions text read without a bundle, as the bindings'
 * parse_conditions reads it: the text is also checked as strict JSON (as the JavaScript reader
 * checks text it parses itself), and text that is not strict JSON is refused as invalid; targets
 * come in file order with their texts and corners, in range. The including harness defines
 * EXPECT(condition) first, which aborts naming the broken promise.
 */
#ifndef CONDITIONS_PARSE_CHECK_H
#define CONDITIONS_PARSE_CHECK_H

#include "navbundle.h"

#include <string.h>

/* Parses and checks `length` bytes of conditions text; every byte handed out is added to `*sink`,
 * so that ASan sees a bad pointer. Gives nb_conditions_parse's status. */
static nb_status checked_conditions_parse(const char *json, size_t length, volatile unsigned *sink) {
    char reason[256];
    int strict = nb_json_check(json, length, reason, sizeof reason);
    EXPECT(strict == 1 || (strict == 0 && memchr(reason, 0, sizeof reason) != NULL));
    nb_condition_target *targets = NULL;
    size_t count = 0;
    nb_conditions_error error;
    nb_status status = nb_conditions_parse(json, length, &targets, &count, &error);
    EXPECT(status == NB_OK || status == NB_ERROR_CONDITIONS || status == NB_ERROR_MEMORY);
    if (status == NB_ERROR_CONDITIONS) {
        EXPECT(error.kind == NB_CONDITIONS_INVALID && error.message != NULL && error.message[0] != 0);
        for (size_t i = 0; i < error.entry_count; i++)
            EXPECT(error.entries[i].list == NB_CONDITIONS_CLOSED || error.entries[i].list == NB_CONDITIONS_SLOW);
    }
    if (!strict) EXPECT(status != NB_OK);
    EXPECT(status == NB_OK || (targets == NULL && count == 0));
    unsigned sum = 0;
    for (size_t i = 0; i < count; i++) {
        const nb_condition_target *t = &targets[i];
        EXPECT(t->kind <= 2 && (t->list == NB_CONDITIONS_CLOSED || t->list == NB_CONDITIONS_SLOW));
        EXPECT(t->list == NB_CONDITIONS_CLOSED || (t->factor >= 1 && t->factor <= 1000));
        EXPECT((t->kind == 2) == (t->corner_count > 0));
        for (size_t k = 0; k < t->length; k++) sum += (unsigned char)t->text[k];
        for (size_t k = 0; k < 2 * t->corner_count; k++) sum += t->corners[k] != 0;
    }
    *sink += sum;
    nb_condition_targets_free(targets, count);
    nb_conditions_error_free(&error);
    return status;
}

#endif
