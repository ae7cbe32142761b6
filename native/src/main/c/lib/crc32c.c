/* crc32c.c - CRC32C (Castagnoli), the checksum READ_OBJECT responses carry over their bytes. */
#include <pthread.h>

#include "ispd.h"

#define CRC32C_POLY 0x82F63B78u /* reflected */

static uint32_t table[8][256];
static pthread_once_t table_once = PTHREAD_ONCE_INIT;

/* Slicing-by-8 tables: table[k][b] is the CRC of byte b followed by k zero bytes. */
static void build_table(void) {
    for (uint32_t b = 0; b < 256; b++) {
        uint32_t crc = b;
        for (int i = 0; i < 8; i++) crc = (crc >> 1) ^ (CRC32C_POLY & (0u - (crc & 1u)));
        table[0][b] = crc;
    }
    for (uint32_t b = 0; b < 256; b++)
        for (int k = 1; k < 8; k++) table[k][b] = (table[k - 1][b] >> 8) ^ table[0][table[k - 1][b] & 0xFFu];
}

uint32_t ispd_crc32c(const void *data, size_t len) {
    pthread_once(&table_once, build_table);
    const unsigned char *p = data;
    uint32_t crc = 0xFFFFFFFFu;
    for (; len >= 8; len -= 8, p += 8) {
        uint32_t lo = crc ^ ((uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24);
        crc = table[7][lo & 0xFFu] ^ table[6][(lo >> 8) & 0xFFu] ^ table[5][(lo >> 16) & 0xFFu] ^ table[4][lo >> 24]
              ^ table[3][p[4]] ^ table[2][p[5]] ^ table[1][p[6]] ^ table[0][p[7]];
    }
    while (len--) crc = (crc >> 8) ^ table[0][(crc ^ *p++) & 0xFFu];
    return crc ^ 0xFFFFFFFFu;
}
