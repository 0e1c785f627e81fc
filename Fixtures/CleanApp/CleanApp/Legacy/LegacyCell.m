//
//  LegacyCell.m
//  CleanApp
//

#import "LegacyCell.h"

@implementation LegacyCell

- (void)awakeFromNib {
    [super awakeFromNib];
    self.thumbnailView.layer.cornerRadius = 4.0;
}

- (void)prepareForReuse {
    [super prepareForReuse];
    self.titleLabel.text = nil;
    _dateLabel.text = nil;
}

- (void)configureWithTitle:(NSString *)title date:(NSDate *)date {
    static NSDateFormatter *formatter;
    static dispatch_once_t onceToken;
    dispatch_once(&onceToken, ^{
        formatter = [[NSDateFormatter alloc] init];
        formatter.dateStyle = NSDateFormatterMediumStyle;
    });
    self.titleLabel.text = title;
    _dateLabel.text = [formatter stringFromDate:date];
}

@end
