/* Reads an iCalendar file with libical, the parser under Evolution and other calendar clients, and prints one
 * line per event (UID, SEQUENCE, STATUS, DTSTART as UTC) and a last line with the count of parse errors libical
 * marked with X-LIC-ERROR. */
#include <libical/ical.h>
#include <stdio.h>
#include <stdlib.h>

static int count_errors(icalcomponent *component) {
    int errors = 0;
    for (icalproperty *p = icalcomponent_get_first_property(component, ICAL_XLICERROR_PROPERTY); p;
         p = icalcomponent_get_next_property(component, ICAL_XLICERROR_PROPERTY)) {
        fprintf(stderr, "libical: %s\n", icalproperty_get_xlicerror(p));
        errors++;
    }
    for (icalcomponent *c = icalcomponent_get_first_component(component, ICAL_ANY_COMPONENT); c;
         c = icalcomponent_get_next_component(component, ICAL_ANY_COMPONENT)) {
        errors += count_errors(c);
    }
    return errors;
}

int main(int argc, char **argv) {
    if (argc != 2) { fprintf(stderr, "usage: ical_check FILE\n"); return 2; }
    FILE *file = fopen(argv[1], "rb");
    if (!file) { perror(argv[1]); return 2; }
    fseek(file, 0, SEEK_END);
    long size = ftell(file);
    fseek(file, 0, SEEK_SET);
    char *text = malloc((size_t)size + 1);
    if (!text || fread(text, 1, (size_t)size, file) != (size_t)size) { fprintf(stderr, "cannot read %s\n", argv[1]); return 2; }
    text[size] = 0;
    fclose(file);
    icalcomponent *calendar = icalparser_parse_string(text);
    if (!calendar) { fprintf(stderr, "libical could not parse %s\n", argv[1]); return 1; }
    for (icalcomponent *event = icalcomponent_get_first_component(calendar, ICAL_VEVENT_COMPONENT); event;
         event = icalcomponent_get_next_component(calendar, ICAL_VEVENT_COMPONENT)) {
        struct icaltimetype start = icalcomponent_get_dtstart(event);
        icalproperty *sequence = icalcomponent_get_first_property(event, ICAL_SEQUENCE_PROPERTY);
        printf("%s %d %s %s\n", icalcomponent_get_uid(event), sequence ? icalproperty_get_sequence(sequence) : 0,
               icalproperty_status_to_string(icalcomponent_get_status(event)), icaltime_as_ical_string(start));
    }
    int errors = count_errors(calendar);
    printf("errors %d\n", errors);
    icalcomponent_free(calendar);
    free(text);
    return errors == 0 ? 0 : 1;
}
